import { useEffect, useState, type FormEvent } from 'react';
import {
  OFFER_TEXT_MAX_LENGTH,
  VOUCHER_CODE_MAX_LENGTH,
  opsCreateVoucherCall,
  opsEditVoucherCall,
  opsOffersCall,
  opsReferralRulesCall,
  opsRetireVoucherCall,
  opsVouchersCall,
  type TOpsOffer,
  type TOpsReferralRules,
  type TOpsVoucher,
} from '@konek/contract/ops-offers';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { momentWords, pesoWords } from './ops-words';
import {
  centavosOf,
  Confirm,
  Field,
  fromManilaInput,
  manilaInput,
  pesosOf,
  refusedField,
} from './marketing-fields';
import { i18n } from '../i18n/i18n';
import { RecordHistory } from './record-history';
import styles from './ops.module.css';
import own from './offers-console.module.css';

// ADR 091: vouchers with their uses (held by unpaid orders, spent by paid ones), made, edited and
// retired by marketing; and the referral rules as the referral module keeps them (ADR 014).

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

type VoucherForm = {
  code: string;
  name: string;
  kind: 'amount' | 'percent';
  amount: string;
  percent: string;
  cap: string;
  freebie: string;
  freebie3pp: string;
  from: string;
  until: string;
  offerIds: string[];
  maxUses: string;
  perAccount: string;
};

const EMPTY_FORM: VoucherForm = {
  code: '',
  name: '',
  kind: 'amount',
  amount: '',
  percent: '',
  cap: '',
  freebie: '',
  freebie3pp: '',
  from: '',
  until: '',
  offerIds: [],
  maxUses: '',
  perAccount: '1',
};

const formOf = (voucher: TOpsVoucher): VoucherForm => ({
  code: voucher.code,
  name: voucher.voucher_name,
  kind: voucher.discount_kind,
  amount: pesosOf(voucher.discount_centavos),
  percent: voucher.discount_percent === null ? '' : String(voucher.discount_percent),
  cap: pesosOf(voucher.max_discount_centavos),
  freebie: voucher.freebie ?? '',
  freebie3pp: voucher.freebie_3pp ?? '',
  from: manilaInput(voucher.valid_from),
  until: manilaInput(voucher.valid_until),
  offerIds: voucher.offer_ids,
  maxUses: voucher.max_uses === null ? '' : String(voucher.max_uses),
  perAccount: String(voucher.per_account_limit),
});

const VOUCHER_FIELDS = [
  'code',
  'voucher_name',
  'discount_kind',
  'discount_centavos',
  'discount_percent',
  'max_discount_centavos',
  'freebie',
  'freebie_3pp',
  'valid_from',
  'valid_until',
  'offer_ids',
  'max_uses',
  'per_account_limit',
] as const;
type VoucherField = (typeof VOUCHER_FIELDS)[number];

const integerOf = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);
const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

function requestOf(form: VoucherForm) {
  const isAmount = form.kind === 'amount';
  return {
    code: form.code.trim(),
    voucher_name: form.name.trim(),
    discount_kind: form.kind,
    discount_centavos: isAmount ? (centavosOf(form.amount) ?? NaN) : null,
    discount_percent: isAmount ? null : integerOf(form.percent),
    max_discount_centavos:
      isAmount || form.cap.trim() === '' ? null : (centavosOf(form.cap) ?? NaN),
    freebie: orNull(form.freebie),
    freebie_3pp: orNull(form.freebie3pp),
    // A datetime is required: an empty one is sent as such and named by the server.
    valid_from: fromManilaInput(form.from) ?? '',
    valid_until: fromManilaInput(form.until) ?? '',
    offer_ids: form.offerIds,
    max_uses: form.maxUses.trim() === '' ? null : integerOf(form.maxUses),
    per_account_limit: integerOf(form.perAccount),
  };
}

function discountWords(voucher: TOpsVoucher): string {
  if (voucher.discount_kind === 'amount') {
    return i18n._('{amount} off', { amount: pesoWords(voucher.discount_centavos ?? 0) });
  }
  return voucher.max_discount_centavos === null
    ? i18n._('{percent}% off', { percent: voucher.discount_percent ?? 0 })
    : i18n._('{percent}% off, at most {cap}', {
        percent: voucher.discount_percent ?? 0,
        cap: pesoWords(voucher.max_discount_centavos),
      });
}

function usesWords(voucher: TOpsVoucher): string {
  const spent = voucher.uses.spent;
  const reserved = voucher.uses.reserved;
  if (voucher.max_uses === null) {
    return i18n._('Used {spent} times, held by {reserved} unpaid orders (no limit)', {
      spent,
      reserved,
    });
  }
  return i18n._('Used {spent} times, held by {reserved} unpaid orders: {used} of {max}', {
    spent,
    reserved,
    used: spent + reserved,
    max: voucher.max_uses,
  });
}

export function VouchersConsole({ session, onFailure }: Props) {
  const [history, setHistory] = useState<string | null>(null);
  const [vouchers, setVouchers] = useState<TOpsVoucher[] | null>(null);
  const [offers, setOffers] = useState<TOpsOffer[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ form: VoucherForm; isNew: boolean } | null>(null);
  const [retiring, setRetiring] = useState<TOpsVoucher | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void Promise.all([
      opsCall(opsVouchersCall, {}, session.token),
      opsCall(opsOffersCall, {}, session.token),
    ]).then(([voucherList, offerList]) => {
      if (!live) return;
      if (voucherList.ok) {
        setVouchers(voucherList.reply.vouchers);
      } else {
        onFailure(voucherList);
        setError(voucherList.message);
      }
      if (offerList.ok) setOffers(offerList.reply.offers);
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure, version]);
  const reload = () => setVersion((current) => current + 1);

  const retire = async (voucher: TOpsVoucher) => {
    setBusy(true);
    setError(null);
    const result = await opsCall(opsRetireVoucherCall, { code: voucher.code }, session.token);
    setBusy(false);
    setRetiring(null);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    setSaid(i18n._('{code} is retired: customers can no longer use it.', { code: voucher.code }));
    reload();
  };

  if (editing) {
    return (
      <VoucherEditor
        session={session}
        onFailure={onFailure}
        offers={offers}
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

  const offerName = (id: string) => offers.find((offer) => offer.id === id)?.name ?? id;
  return (
    <section aria-labelledby="vouchers-title" className={styles.section}>
      <div className={styles.titleRow}>
        <div>
          <h2 id="vouchers-title" className={styles.title}>
            {i18n._('Vouchers')}
          </h2>
          <p className={styles.muted}>
            {i18n._(
              'A voucher works from its start date for the plans it names. A use is held by an unpaid order and spent once it is paid.',
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
          {i18n._('New voucher')}
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
      {vouchers === null ? (
        <p className={styles.muted}>{i18n._('Loading vouchers…')}</p>
      ) : (
        <ul className={styles.grid} aria-label={i18n._('Vouchers')}>
          {vouchers.map((voucher) => (
            <li key={voucher.code} className={styles.card} aria-label={voucher.code}>
              <span
                className={`${own.statusBadge} ${voucher.retired_at === null ? own.statusPublished : ''}`}
              >
                {voucher.retired_at === null ? i18n._('In use') : i18n._('Retired')}
              </span>
              <p className={styles.orderLine}>
                <span className={styles.orderNumber}>{voucher.code}</span>
              </p>
              <p className={styles.cause}>{voucher.voucher_name}</p>
              <p className={styles.muted}>{discountWords(voucher)}</p>
              <p className={own.uses}>{usesWords(voucher)}</p>
              <p className={styles.muted}>
                {i18n._('From {from} until {until}', {
                  from: momentWords(voucher.valid_from),
                  until: momentWords(voucher.valid_until),
                })}
              </p>
              <p className={styles.muted}>
                {voucher.offer_ids.length === 0
                  ? i18n._('Every plan')
                  : voucher.offer_ids.map(offerName).join(' · ')}
              </p>
              {retiring?.code === voucher.code ? (
                <Confirm
                  busy={busy}
                  question={i18n._(
                    'Retire {code}? Customers can no longer use it; orders that hold it keep their discount.',
                    { code: voucher.code },
                  )}
                  yes={i18n._('Yes, retire')}
                  yesLabel={i18n._('Yes, retire {code}', { code: voucher.code })}
                  onYes={() => void retire(voucher)}
                  onNo={() => setRetiring(null)}
                />
              ) : voucher.retired_at === null ? (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.secondary}
                    aria-label={i18n._('Edit {code}', { code: voucher.code })}
                    onClick={() => {
                      setSaid(null);
                      setEditing({ form: formOf(voucher), isNew: false });
                    }}
                  >
                    {i18n._('Edit')}
                  </button>
                  <button
                    type="button"
                    className={styles.danger}
                    aria-label={i18n._('Retire {code}', { code: voucher.code })}
                    onClick={() => setRetiring(voucher)}
                  >
                    {i18n._('Retire')}
                  </button>
                </div>
              ) : null}
              <button
                type="button"
                className={styles.linkButton}
                aria-label={i18n._('History of {code}', { code: voucher.code })}
                onClick={() => setHistory(voucher.code)}
              >
                {i18n._('History')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {history ? (
        <RecordHistory
          key={history}
          session={session}
          entity="voucher"
          entityId={history}
          name={history}
          onFailure={onFailure}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </section>
  );
}

type EditorProps = Props & {
  offers: readonly TOpsOffer[];
  initial: VoucherForm;
  isNew: boolean;
  onDone: (message: string) => void;
  onCancel: () => void;
};

function VoucherEditor({
  session,
  onFailure,
  offers,
  initial,
  isNew,
  onDone,
  onCancel,
}: EditorProps) {
  const [form, setForm] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const set = (key: keyof VoucherForm) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));
  const errorOf = (field: VoucherField) =>
    fieldError?.field === field ? fieldError.message : undefined;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setFieldError(null);
    const description = isNew ? opsCreateVoucherCall : opsEditVoucherCall;
    const result = await opsCall(description, requestOf(form), session.token);
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      // A taken code is the code's problem too.
      setFieldError(
        refusedField(result, VOUCHER_FIELDS) ??
          (result.status === 409 && isNew ? { field: 'code', message: result.message } : null),
      );
      setError(result.message);
      return;
    }
    onDone(
      isNew
        ? i18n._('{code} is saved: customers can use it from its start date.', {
            code: result.reply.voucher.code,
          })
        : i18n._('{code} is saved: the next price uses the change.', {
            code: result.reply.voucher.code,
          }),
    );
  };

  const sellable = offers.filter(
    (offer) => offer.status !== 'retired' || form.offerIds.includes(offer.id),
  );
  return (
    <section aria-labelledby="voucher-editor-title" className={styles.section}>
      <h2 id="voucher-editor-title" className={styles.title}>
        {isNew ? i18n._('New voucher') : i18n._('Edit {code}', { code: initial.code })}
      </h2>
      <form className={own.form} onSubmit={(event) => void save(event)} noValidate>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <Field
          label={i18n._('Voucher code')}
          hint={i18n._(
            'Letters and digits; customers may type it in any case. It cannot change later.',
          )}
          value={form.code}
          onChange={set('code')}
          disabled={!isNew}
          required
          maxLength={VOUCHER_CODE_MAX_LENGTH}
          error={errorOf('code')}
        />
        <Field
          label={i18n._('Voucher name')}
          hint={i18n._('What the price summary calls it, e.g. “₱800 off your first 30 days”.')}
          value={form.name}
          onChange={set('name')}
          required
          maxLength={OFFER_TEXT_MAX_LENGTH}
          error={errorOf('voucher_name')}
        />
        <fieldset className={own.fieldset}>
          <legend>{i18n._('Discount')}</legend>
          <label className={own.check}>
            <input
              type="radio"
              name="discount-kind"
              checked={form.kind === 'amount'}
              onChange={() => setForm((current) => ({ ...current, kind: 'amount' }))}
            />
            {i18n._('An amount off')}
          </label>
          <label className={own.check}>
            <input
              type="radio"
              name="discount-kind"
              checked={form.kind === 'percent'}
              onChange={() => setForm((current) => ({ ...current, kind: 'percent' }))}
            />
            {i18n._('A percentage off')}
          </label>
        </fieldset>
        {form.kind === 'amount' ? (
          <Field
            label={i18n._('Amount off (₱)')}
            value={form.amount}
            onChange={set('amount')}
            inputMode="decimal"
            required
            error={errorOf('discount_centavos')}
          />
        ) : (
          <div className={own.pair}>
            <Field
              label={i18n._('Percent off')}
              value={form.percent}
              onChange={set('percent')}
              inputMode="numeric"
              required
              error={errorOf('discount_percent')}
            />
            <Field
              label={i18n._('At most (₱)')}
              hint={i18n._('Empty: no cap.')}
              value={form.cap}
              onChange={set('cap')}
              inputMode="decimal"
              error={errorOf('max_discount_centavos')}
            />
          </div>
        )}
        <div className={own.pair}>
          <Field
            label={i18n._('Freebie')}
            value={form.freebie}
            onChange={set('freebie')}
            maxLength={OFFER_TEXT_MAX_LENGTH}
            error={errorOf('freebie')}
          />
          <Field
            label={i18n._('Partner freebie')}
            value={form.freebie3pp}
            onChange={set('freebie3pp')}
            maxLength={OFFER_TEXT_MAX_LENGTH}
            error={errorOf('freebie_3pp')}
          />
        </div>
        <div className={own.pair}>
          <Field
            label={i18n._('Valid from (Manila time)')}
            type="datetime-local"
            value={form.from}
            onChange={set('from')}
            required
            error={errorOf('valid_from')}
          />
          <Field
            label={i18n._('Valid until (Manila time)')}
            type="datetime-local"
            value={form.until}
            onChange={set('until')}
            required
            error={errorOf('valid_until')}
          />
        </div>
        <fieldset className={own.fieldset}>
          <legend>{i18n._('Plans it applies to (none ticked: every plan)')}</legend>
          {sellable.map((offer) => (
            <label key={offer.id} className={own.check}>
              <input
                type="checkbox"
                checked={form.offerIds.includes(offer.id)}
                onChange={(event) =>
                  setForm((current) => ({
                    ...current,
                    offerIds: event.target.checked
                      ? [...current.offerIds, offer.id]
                      : current.offerIds.filter((id) => id !== offer.id),
                  }))
                }
              />
              {offer.name} ({offer.id})
            </label>
          ))}
          {errorOf('offer_ids') ? <p className={own.fieldError}>{errorOf('offer_ids')}</p> : null}
        </fieldset>
        <div className={own.pair}>
          <Field
            label={i18n._('Maximum uses')}
            hint={i18n._('Empty: no limit.')}
            value={form.maxUses}
            onChange={set('maxUses')}
            inputMode="numeric"
            error={errorOf('max_uses')}
          />
          <Field
            label={i18n._('Uses per account')}
            hint={i18n._('1: once per account.')}
            value={form.perAccount}
            onChange={set('perAccount')}
            inputMode="numeric"
            required
            error={errorOf('per_account_limit')}
          />
        </div>
        <div className={styles.actions}>
          <button className={styles.primary} type="submit" aria-busy={busy || undefined}>
            {isNew ? i18n._('Create voucher') : i18n._('Save changes')}
          </button>
          <button type="button" className={styles.secondary} onClick={onCancel}>
            {i18n._('Cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The referral rules (fixed in code, ADR 014) and their counts. */
export function ReferralRules({ session, onFailure }: Props) {
  const [rules, setRules] = useState<TOpsReferralRules | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void opsCall(opsReferralRulesCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setRules(result.reply.referral);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure]);
  return (
    <section aria-labelledby="referral-title" className={styles.section}>
      <h2 id="referral-title" className={styles.title}>
        {i18n._('Referral rules')}
      </h2>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <ul className={styles.muted}>
        <li>
          {i18n._('Every customer account has one referral code, made when it is first asked for.')}
        </li>
        <li>{i18n._('An account can be referred once, and never by its own code.')}</li>
        <li>
          {i18n._('A referral is held by an unpaid order and counts once the order is paid.')}
        </li>
        <li>{i18n._('A referral gives no discount.')}</li>
      </ul>
      <p className={own.hint}>
        {i18n._('These rules are fixed in Konek’s code: there is nothing to change here.')}
      </p>
      {rules === null ? (
        error ? null : (
          <p className={styles.muted}>{i18n._('Loading referral counts…')}</p>
        )
      ) : (
        <dl className={own.counts}>
          <div>
            <dt>{i18n._('Referral codes')}</dt>
            <dd>{rules.codes_issued}</dd>
          </div>
          <div>
            <dt>{i18n._('Referrals paid')}</dt>
            <dd>{rules.referrals_spent}</dd>
          </div>
          <div>
            <dt>{i18n._('Referrals held by unpaid orders')}</dt>
            <dd>{rules.referrals_reserved}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
