import { useEffect, useState, type FormEvent } from 'react';
import {
  OFFER_TEXT_MAX_LENGTH,
  opsCreateOfferCall,
  opsEditOfferCall,
  opsOffersCall,
  opsPublishOfferCall,
  opsRetireOfferCall,
  type TOfferStatus,
  type TOpsOffer,
  type TOpsOfferCategory,
} from '@konek/contract/ops-offers';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { momentWords, pesoWords } from './ops-words';
import {
  centavosOf,
  Confirm,
  Field,
  fromManilaInput,
  linesOf,
  manilaInput,
  pesosOf,
  refusedField,
} from './marketing-fields';
import { OfferPreview } from './offer-preview';
import { FunnelConsole } from './funnel-console';
import { VouchersConsole, ReferralRules } from './vouchers-console';
import { i18n } from '../i18n/i18n';
import { RecordHistory } from './record-history';
import styles from './ops.module.css';
import own from './offers-console.module.css';

// ADR 091: marketing's console on /ops — offers (drafts, published, retired) with the plan card's
// preview, vouchers with their uses, and the referral rules. A change customers see (publish, retire)
// asks first; the server's list is read again after each change.

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

type View = 'offers' | 'vouchers' | 'referral' | 'funnel';

/** The marketing role's screen: its four parts (ADR 096: the funnel), one at a time. */
export function MarketingConsole({ session, onFailure }: Props) {
  const [view, setView] = useState<View>('offers');
  const tabs: [View, string][] = [
    ['offers', i18n._('Offers')],
    ['vouchers', i18n._('Vouchers')],
    ['referral', i18n._('Referral rules')],
    ['funnel', i18n._('Funnel')],
  ];
  return (
    <>
      <nav className={own.tabs} aria-label={i18n._('Marketing')}>
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={own.tab}
            aria-pressed={view === id}
            onClick={() => setView(id)}
          >
            {label}
          </button>
        ))}
      </nav>
      {view === 'offers' ? <OffersConsole session={session} onFailure={onFailure} /> : null}
      {view === 'vouchers' ? <VouchersConsole session={session} onFailure={onFailure} /> : null}
      {view === 'referral' ? <ReferralRules session={session} onFailure={onFailure} /> : null}
      {view === 'funnel' ? <FunnelConsole session={session} onFailure={onFailure} /> : null}
    </>
  );
}

const STATUS_WORDS: Record<TOfferStatus, () => string> = {
  draft: () => i18n._('Draft'),
  published: () => i18n._('Published'),
  retired: () => i18n._('Retired'),
};

type OfferForm = {
  id: string;
  name: string;
  speed: string;
  less: string;
  inclusions: string;
  freebies: string;
  actual: string;
  final: string;
  priority: string;
  from: string;
  until: string;
  categoryIds: string[];
  cities: string;
};

const EMPTY_FORM: OfferForm = {
  id: '',
  name: '',
  speed: '',
  less: '',
  inclusions: '',
  freebies: '',
  actual: '',
  final: '',
  priority: '0',
  from: '',
  until: '',
  categoryIds: [],
  cities: '',
};

const formOf = (offer: TOpsOffer): OfferForm => ({
  id: offer.id,
  name: offer.name,
  speed: String(offer.speed_mbps),
  less: offer.less,
  inclusions: offer.inclusions.join('\n'),
  freebies: offer.freebies.join('\n'),
  actual: pesosOf(offer.actual_price_centavos),
  final: pesosOf(offer.final_price_centavos),
  priority: String(offer.sort_priority),
  from: manilaInput(offer.active_from),
  until: manilaInput(offer.active_until),
  categoryIds: offer.category_ids,
  cities: offer.city_codes.join(', '),
});

const OFFER_FIELDS = [
  'id',
  'name',
  'speed_mbps',
  'less',
  'inclusions',
  'freebies',
  'actual_price_centavos',
  'final_price_centavos',
  'sort_priority',
  'active_from',
  'active_until',
  'category_ids',
  'city_codes',
] as const;
type OfferField = (typeof OFFER_FIELDS)[number];

const integerOf = (text: string): number => (/^-?\d+$/.test(text.trim()) ? Number(text) : NaN);

/** The request the form makes; the server checks it again with the contract's schema. */
function requestOf(form: OfferForm) {
  return {
    id: form.id.trim(),
    name: form.name.trim(),
    speed_mbps: integerOf(form.speed),
    less: form.less.trim(),
    inclusions: linesOf(form.inclusions),
    freebies: linesOf(form.freebies),
    actual_price_centavos: centavosOf(form.actual) ?? NaN,
    final_price_centavos: centavosOf(form.final) ?? NaN,
    sort_priority: integerOf(form.priority),
    active_from: fromManilaInput(form.from),
    active_until: fromManilaInput(form.until),
    category_ids: form.categoryIds,
    city_codes: form.cities
      .split(/[\s,]+/)
      .map((code) => code.trim())
      .filter((code) => code !== ''),
  };
}

/** Where an offer is sold, in words. */
function soldWhere(offer: TOpsOffer, categories: readonly TOpsOfferCategory[]): string {
  const names = offer.category_ids.map(
    (id) => categories.find((category) => category.id === id)?.name ?? id,
  );
  if (offer.city_codes.length > 0) {
    names.push(i18n._('City special in {cities}', { cities: offer.city_codes.join(', ') }));
  }
  return names.length === 0 ? i18n._('Not sold anywhere yet') : names.join(' · ');
}

function validity(offer: TOpsOffer): string {
  if (offer.active_from === null && offer.active_until === null) return i18n._('No end date');
  const from = offer.active_from === null ? '' : momentWords(offer.active_from);
  const until = offer.active_until === null ? '' : momentWords(offer.active_until);
  if (from && until) return i18n._('From {from} until {until}', { from, until });
  return from ? i18n._('From {from}', { from }) : i18n._('Until {until}', { until });
}

type Pending = { offer: TOpsOffer; action: 'publish' | 'retire' };

export function OffersConsole({ session, onFailure }: Props) {
  const [offers, setOffers] = useState<TOpsOffer[] | null>(null);
  const [categories, setCategories] = useState<TOpsOfferCategory[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ form: OfferForm; isNew: boolean } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [history, setHistory] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    let live = true;
    void opsCall(opsOffersCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setOffers(result.reply.offers);
        setCategories(result.reply.categories);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure, version]);
  const reload = () => setVersion((current) => current + 1);

  const act = async ({ offer, action }: Pending) => {
    setBusy(true);
    setError(null);
    const description = action === 'publish' ? opsPublishOfferCall : opsRetireOfferCall;
    const result = await opsCall(description, { id: offer.id }, session.token);
    setBusy(false);
    setPending(null);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    setSaid(
      action === 'publish'
        ? i18n._('{name} is published: customers see it now.', { name: offer.name })
        : i18n._('{name} is retired: it is no longer sold. Orders that hold it keep it.', {
            name: offer.name,
          }),
    );
    reload();
  };

  if (editing) {
    return (
      <OfferEditor
        session={session}
        onFailure={onFailure}
        categories={categories}
        initial={editing.form}
        isNew={editing.isNew}
        onDone={(message) => {
          setEditing(null);
          setSaid(message);
          reload();
        }}
        onCancel={() => setEditing(null)}
      />
    );
  }

  return (
    <section aria-labelledby="offers-title" className={styles.section}>
      <div className={styles.titleRow}>
        <div>
          <h2 id="offers-title" className={styles.title}>
            {i18n._('Offers')}
          </h2>
          <p className={styles.muted}>
            {i18n._(
              'A new offer is a draft until you publish it. Published offers are on sale where they are placed, within their dates; a retired offer is no longer sold.',
            )}
          </p>
        </div>
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            setSaid(null);
            setEditing({ form: EMPTY_FORM, isNew: true });
          }}
        >
          {i18n._('New offer')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {said && (
        <p className={styles.notice} role="status">
          {said}
        </p>
      )}
      {offers === null ? (
        <p className={styles.muted}>{i18n._('Loading offers…')}</p>
      ) : (
        <ul className={styles.grid} aria-label={i18n._('Offers')}>
          {offers.map((offer) => {
            // Two offers may share a name (one per city): the id tells them apart.
            const label = i18n._('{name} ({id})', { name: offer.name, id: offer.id });
            return (
              <li key={offer.id} className={styles.card} aria-label={label}>
                <span
                  className={`${own.statusBadge} ${offer.status === 'published' ? own.statusPublished : ''}`}
                >
                  {STATUS_WORDS[offer.status]()}
                </span>
                <p className={styles.orderLine}>
                  <span className={styles.orderNumber}>{offer.name}</span>
                </p>
                <p className={styles.muted}>
                  {i18n._('{final} to pay · {original} before discount · up to {speed} Mbps', {
                    final: pesoWords(offer.final_price_centavos),
                    original: pesoWords(offer.actual_price_centavos),
                    speed: offer.speed_mbps,
                  })}
                </p>
                <p className={styles.muted}>{soldWhere(offer, categories)}</p>
                <p className={styles.muted}>{validity(offer)}</p>
                <p className={own.hint}>{i18n._('Id: {id}', { id: offer.id })}</p>
                {pending?.offer.id === offer.id ? (
                  <Confirm
                    busy={busy}
                    question={
                      pending.action === 'publish'
                        ? i18n._('Publish {name}? Customers see it at once.', { name: offer.name })
                        : i18n._(
                            'Retire {name}? It stops being sold at once; orders that hold it keep it.',
                            { name: offer.name },
                          )
                    }
                    yes={
                      pending.action === 'publish' ? i18n._('Yes, publish') : i18n._('Yes, retire')
                    }
                    yesLabel={
                      pending.action === 'publish'
                        ? i18n._('Yes, publish {name}', { name: label })
                        : i18n._('Yes, retire {name}', { name: label })
                    }
                    onYes={() => void act(pending)}
                    onNo={() => setPending(null)}
                  />
                ) : offer.status === 'retired' ? null : (
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className={styles.secondary}
                      aria-label={i18n._('Edit {name}', { name: label })}
                      onClick={() => {
                        setSaid(null);
                        setEditing({ form: formOf(offer), isNew: false });
                      }}
                    >
                      {i18n._('Edit')}
                    </button>
                    {offer.status === 'draft' ? (
                      <button
                        type="button"
                        className={styles.primary}
                        aria-label={i18n._('Publish {name}', { name: label })}
                        onClick={() => setPending({ offer, action: 'publish' })}
                      >
                        {i18n._('Publish')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className={styles.danger}
                      aria-label={i18n._('Retire {name}', { name: label })}
                      onClick={() => setPending({ offer, action: 'retire' })}
                    >
                      {i18n._('Retire')}
                    </button>
                  </div>
                )}
                <button
                  type="button"
                  className={styles.linkButton}
                  aria-label={i18n._('History of {name}', { name: label })}
                  onClick={() => setHistory({ id: offer.id, name: label })}
                >
                  {i18n._('History')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {history ? (
        <RecordHistory
          key={history.id}
          session={session}
          entity="offer"
          entityId={history.id}
          name={history.name}
          onFailure={onFailure}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </section>
  );
}

type EditorProps = Props & {
  categories: readonly TOpsOfferCategory[];
  initial: OfferForm;
  isNew: boolean;
  onDone: (message: string) => void;
  onCancel: () => void;
};

/** The offer's form beside the plan card as customers will see it. */
function OfferEditor({
  session,
  onFailure,
  categories,
  initial,
  isNew,
  onDone,
  onCancel,
}: EditorProps) {
  const [form, setForm] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const set = (key: keyof OfferForm) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));
  const errorOf = (field: OfferField) =>
    fieldError?.field === field ? fieldError.message : undefined;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setFieldError(null);
    const body = requestOf(form);
    const result = await opsCall(
      isNew ? opsCreateOfferCall : opsEditOfferCall,
      body,
      session.token,
    );
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      setFieldError(refusedField(result, OFFER_FIELDS));
      setError(result.message);
      return;
    }
    onDone(
      isNew
        ? i18n._('{name} is saved as a draft: publish it to sell it.', {
            name: result.reply.offer.name,
          })
        : result.reply.offer.status === 'published'
          ? i18n._('{name} is saved: customers see the change now.', {
              name: result.reply.offer.name,
            })
          : i18n._('{name} is saved.', { name: result.reply.offer.name }),
    );
  };

  const preview = requestOf(form);
  return (
    <section aria-labelledby="offer-editor-title" className={styles.section}>
      <h2 id="offer-editor-title" className={styles.title}>
        {isNew ? i18n._('New offer') : i18n._('Edit {name}', { name: initial.name })}
      </h2>
      <div className={own.editor}>
        <form className={own.form} onSubmit={(event) => void save(event)} noValidate>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <Field
            label={i18n._('Offer id')}
            hint={i18n._(
              'Lower-case letters and digits joined by dashes, e.g. konek-special-cebu-899. It cannot change later.',
            )}
            value={form.id}
            onChange={set('id')}
            disabled={!isNew}
            required
            maxLength={64}
            error={errorOf('id')}
          />
          <Field
            label={i18n._('Plan name')}
            value={form.name}
            onChange={set('name')}
            required
            maxLength={OFFER_TEXT_MAX_LENGTH}
            error={errorOf('name')}
          />
          <div className={own.pair}>
            <Field
              label={i18n._('Speed (Mbps)')}
              hint={i18n._('The plan’s texts must say “up to N Mbps”: the card reads it there.')}
              value={form.speed}
              onChange={set('speed')}
              inputMode="numeric"
              required
              error={errorOf('speed_mbps')}
            />
            <Field
              label={i18n._('Sort priority')}
              hint={i18n._('Higher first.')}
              value={form.priority}
              onChange={set('priority')}
              inputMode="numeric"
              error={errorOf('sort_priority')}
            />
          </div>
          <Field
            label={i18n._('Text under the price')}
            hint={i18n._('“Special Offer” in it shows the plan as a special offer.')}
            value={form.less}
            onChange={set('less')}
            maxLength={OFFER_TEXT_MAX_LENGTH}
            error={errorOf('less')}
          />
          <div className={own.pair}>
            <Field
              label={i18n._('Price before discount (₱)')}
              value={form.actual}
              onChange={set('actual')}
              inputMode="decimal"
              required
              error={errorOf('actual_price_centavos')}
            />
            <Field
              label={i18n._('Price to pay (₱)')}
              value={form.final}
              onChange={set('final')}
              inputMode="decimal"
              required
              error={errorOf('final_price_centavos')}
            />
          </div>
          <Field
            label={i18n._('Inclusions (one a line)')}
            value={form.inclusions}
            onChange={set('inclusions')}
            multiline
            error={errorOf('inclusions')}
          />
          <Field
            label={i18n._('Freebies (one a line)')}
            value={form.freebies}
            onChange={set('freebies')}
            multiline
            error={errorOf('freebies')}
          />
          <div className={own.pair}>
            <Field
              label={i18n._('Valid from (Manila time)')}
              hint={i18n._('Empty: from publishing.')}
              type="datetime-local"
              value={form.from}
              onChange={set('from')}
              error={errorOf('active_from')}
            />
            <Field
              label={i18n._('Valid until (Manila time)')}
              hint={i18n._('Empty: no end date.')}
              type="datetime-local"
              value={form.until}
              onChange={set('until')}
              error={errorOf('active_until')}
            />
          </div>
          <fieldset
            className={own.fieldset}
            aria-invalid={errorOf('category_ids') ? true : undefined}
          >
            <legend>{i18n._('Sold in')}</legend>
            {categories.map((category) => (
              <label key={category.id} className={own.check}>
                <input
                  type="checkbox"
                  checked={form.categoryIds.includes(category.id)}
                  onChange={(event) =>
                    setForm((current) => ({
                      ...current,
                      categoryIds: event.target.checked
                        ? [...current.categoryIds, category.id]
                        : current.categoryIds.filter((id) => id !== category.id),
                    }))
                  }
                />
                {category.city_codes.length === 0
                  ? category.name
                  : i18n._('{name} (cities {cities})', {
                      name: category.name,
                      cities: category.city_codes.join(', '),
                    })}
              </label>
            ))}
            {errorOf('category_ids') ? (
              <p className={own.fieldError}>{errorOf('category_ids')}</p>
            ) : null}
          </fieldset>
          <Field
            label={i18n._('City special: city codes')}
            hint={i18n._(
              'The 10-digit codes of the cities this offer is a city special in, separated by commas. Empty: none.',
            )}
            value={form.cities}
            onChange={set('cities')}
            error={errorOf('city_codes')}
          />
          <div className={styles.actions}>
            <button className={styles.primary} type="submit" aria-busy={busy || undefined}>
              {isNew ? i18n._('Save as draft') : i18n._('Save changes')}
            </button>
            <button type="button" className={styles.secondary} onClick={onCancel}>
              {i18n._('Cancel')}
            </button>
          </div>
        </form>
        <OfferPreview
          offer={{
            id: preview.id,
            name: preview.name,
            less: preview.less,
            inclusions: preview.inclusions,
            freebies: preview.freebies,
            actualCentavos: Number.isNaN(preview.actual_price_centavos)
              ? undefined
              : preview.actual_price_centavos,
            finalCentavos: Number.isNaN(preview.final_price_centavos)
              ? undefined
              : preview.final_price_centavos,
          }}
        />
      </div>
    </section>
  );
}
