import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { arrivedAddressCall, waitlistUnsubscribeCall } from '@konek/contract/coverage-alert';
import { call, isError, type CallFailure } from '../lib/call';
import { saveAddress, saveCityOffersSummary } from '../lib/journey-store';
import { useSession } from '../lib/session';
import { webConfigQuery } from '../lib/web-config';
import { isSpecialOffer } from '@konek/contract/offer-rules';
import { checkedAddressFromArrived } from '../features/address/arrived-address';
import { CHECK_ADDRESS_FORM_ID, loadingPathFor } from '../features/address/check-address-form';
import { loadCityOffers } from '../features/offers/use-city-offers';
import { Button } from '../ui/button';
import { ButtonLink } from '../ui/button-link';
import { PATHS } from '@konek/contract/routes';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import type { AlertLink } from './alert-link';
import styles from './alert-link-landing.module.css';
import { i18n } from '../i18n/i18n';

// ADR 094: the landing of a coverage-arrival alert's links on `/` (its own chunk, loaded only when a link
// brought the customer here). `?arrived=` opens the household's address as if it had been entered and
// pinned on the check-address form, and runs the check; `?unsubscribe=` stops the messages. Whatever
// happens, the home page stays the way forward.

const LINK_INVALID = ['coverage_alert', 'LINK_INVALID'] as const;

export function AlertLinkLanding({ link, children }: { link: AlertLink; children: ReactNode }) {
  return link.kind === 'arrived' ? (
    <ArrivedLanding token={link.token}>{children}</ArrivedLanding>
  ) : (
    <UnsubscribeLanding token={link.token}>{children}</UnsubscribeLanding>
  );
}

type Opened =
  | { kind: 'opened'; path: string }
  | { kind: 'invalid' }
  | { kind: 'unknown-area' }
  | { kind: 'failed' };

function ArrivedLanding({ token, children }: { token: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const accountId = useSession()?.accountId;
  const opened = useQuery({
    queryKey: ['alert-link', 'arrived', token],
    queryFn: async ({ signal }): Promise<Opened> => {
      const result = await call(
        arrivedAddressCall,
        { token },
        { signal, expectedErrors: [LINK_INVALID] },
      );
      if (!result.ok) return failureOf(result);
      const config = await queryClient.ensureQueryData(webConfigQuery);
      const address = await checkedAddressFromArrived(
        queryClient,
        config.ossSegment,
        result.reply.address,
      );
      if (!address) return { kind: 'unknown-area' };
      // product §4.2: the city's offers decide where a served address goes (special offer or plans), as
      // choosing the city on the form would have loaded them; without them the plans page is the answer.
      const offers = await loadCityOffers(
        address.area.city.address_code,
        config.operatorName,
        accountId,
        signal,
      ).catch(() => null);
      if (offers?.ok) {
        saveCityOffersSummary({
          cityCode: address.area.city.address_code,
          hasSpecialOffer: offers.reply.some(isSpecialOffer),
        });
      }
      saveAddress(address);
      return {
        kind: 'opened',
        path: loadingPathFor(address.searchResult, address.pilot),
      };
    },
    retry: false,
    staleTime: Infinity,
  });

  // The loading screen checks the address and sends the customer on, as Check My Address does.
  if (opened.data?.kind === 'opened') return <Navigate to={opened.data.path} />;
  if (opened.isPending) {
    return (
      <section className={styles.opening}>
        <div className={styles.openingCard} role="status">
          <Spinner size="large" />
          <h1 className={styles.openingTitle}>{i18n._('Opening your address…')}</h1>
          <p className={styles.openingText}>
            {i18n._('We are bringing back the address you gave us, to check fibre there.')}
          </p>
        </div>
      </section>
    );
  }
  const kind = opened.data?.kind ?? 'failed';
  return (
    <>
      <Band>
        <FormAlert title={i18n._("We couldn't open your address")} action={<EnterAddressButton />}>
          {kind === 'invalid'
            ? i18n._(
                "This link isn't valid any more. You can check your address by entering it below.",
              )
            : kind === 'unknown-area'
              ? i18n._(
                  "We couldn't find your area in our address list. Please enter your address below to check it.",
                )
              : i18n._(
                  'Something went wrong on our side. Please enter your address below to check it, or open the link again later.',
                )}
        </FormAlert>
      </Band>
      {children}
    </>
  );
}

function failureOf(failure: CallFailure): Opened {
  return isError(failure, ...LINK_INVALID) ? { kind: 'invalid' } : { kind: 'failed' };
}

type Unsubscribed = 'done' | 'invalid' | 'failed';

function UnsubscribeLanding({ token, children }: { token: string; children: ReactNode }) {
  const unsubscribed = useQuery({
    queryKey: ['alert-link', 'unsubscribe', token],
    queryFn: async ({ signal }): Promise<Unsubscribed> => {
      const result = await call(
        waitlistUnsubscribeCall,
        { token },
        { signal, expectedErrors: [LINK_INVALID] },
      );
      if (result.ok) return 'done';
      return isError(result, ...LINK_INVALID) ? 'invalid' : 'failed';
    },
    retry: false,
    staleTime: Infinity,
  });
  return (
    <>
      <Band>
        {unsubscribed.isPending || unsubscribed.isFetching ? (
          <p className={styles.working} role="status">
            <Spinner size="small" />
            {i18n._('Stopping the messages about fibre at your address…')}
          </p>
        ) : unsubscribed.data === 'done' ? (
          <FormAlert tone="info" title={i18n._('You are unsubscribed')}>
            {i18n._(
              "You won't get more messages from us about fibre reaching your address. You can still check an address and order below.",
            )}
          </FormAlert>
        ) : unsubscribed.data === 'invalid' ? (
          <FormAlert
            title={i18n._("We couldn't unsubscribe you")}
            action={
              <ButtonLink to={PATHS.help} variant="secondary">
                {i18n._('Contact us')}
              </ButtonLink>
            }
          >
            {i18n._(
              "This link isn't valid. Open the unsubscribe link from your latest message again, or contact us and we will stop the messages.",
            )}
          </FormAlert>
        ) : (
          <FormAlert
            title={i18n._("We couldn't unsubscribe you")}
            action={
              <Button variant="secondary" onClick={() => void unsubscribed.refetch()}>
                {i18n._('Try again')}
              </Button>
            }
          >
            {i18n._('Something went wrong on our side. Please try again.')}
          </FormAlert>
        )}
      </Band>
      {children}
    </>
  );
}

function Band({ children }: { children: ReactNode }) {
  return (
    <div className={styles.band}>
      <div className="container">{children}</div>
    </div>
  );
}

/** The way forward when a link fails: the check-address form below, in view with its first field. */
function EnterAddressButton() {
  const goToForm = () => {
    const form = document.getElementById(CHECK_ADDRESS_FORM_ID);
    form?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    const first = form instanceof HTMLFormElement ? form.elements.item(0) : null;
    if (first instanceof HTMLElement) first.focus({ preventScroll: true });
  };
  return (
    <Button variant="secondary" onClick={goToForm}>
      {i18n._('Enter my address')}
    </Button>
  );
}
