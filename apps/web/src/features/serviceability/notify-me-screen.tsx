import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { findRoute, PATHS } from '@konek/contract/routes';
import type { TServiceabilityResult } from '@konek/contract/serviceability-check';
import { useCoverage } from '../../lib/coverage';
import type { TCheckedAddress } from '../../lib/journey-store';
import { useWebConfig } from '../../lib/web-config';
import { ButtonLink } from '../../ui/button-link';
import { CheckCircleIcon, InfoIcon } from '../../ui/icons';
import { addressLines } from '../../lib/address-lines';
import { submitNotifyRequest } from './api/submit-notify-request';
import { waitlistCountQuery } from './api/waitlist-count';
import { formatExpectedDate } from './expected-date';
import { buildNotifyEvent, type NotifyMeContact } from './notify-event';
import { NotifyMeForm } from './notify-me-form';
import { StatusActions, StatusCard, StatusText } from '../../ui/status-card';
import { destinationForServiceable, NOTIFY_ME_PATH } from './serviceability-paths';
import { ScreenLoading } from '../../ui/screen-loading';
import styles from './notify-me-screen.module.css';
import { ScreenPage } from '../../ui/screen-page';
import { countMessage, i18n, msg } from '../../i18n/i18n';

const TITLE = findRoute(NOTIFY_ME_PATH)?.title ?? '';
const CONFIRMATION = msg(/*i18n*/ "Thanks! We'll email you when fibre reaches your area.");
const SUBMIT_FAILED = msg(/*i18n*/ "We couldn't save your request just now. Please try again.");
const WAITLIST = {
  one: msg(/*i18n*/ '{requests} household in {barangay} has asked for fibre'),
  other: msg(/*i18n*/ '{requests} households in {barangay} have asked for fibre'),
};

/** "<N> households in <Barangay> have asked for fibre", with "1 household … has" for one. */
function waitlistText(requests: number, barangay: string): string {
  // The count is shown as the number it is (no grouping), as before the catalogue.
  return countMessage(requests, WAITLIST, { requests, barangay });
}

/**
 * product §1 / §7.1 notify-me: why fibre is not available at the checked address, in plain words, and a
 * form to be told when it is. Sends the nonserviceable_address event and shows how many households in
 * the barangay are waiting.
 */
export function NotifyMeScreen() {
  const location = useLocation();
  // Only the latest answer for the address as it stands says why fibre is not there (ADR 030).
  const coverage = useCoverage();
  if (coverage.status === 'checking') return <ScreenLoading />;
  if (coverage.status === 'available') return <NowAvailable />;
  if (coverage.status !== 'unavailable') return <NothingToNotify />;
  // As the analytics page views write it: the origin and the route's path.
  const pageLocation = `${window.location.origin}${location.pathname}${location.search}`;
  return (
    <NotifyMe result={coverage.result} address={coverage.address} pageLocation={pageLocation} />
  );
}

function NothingToNotify() {
  return (
    <StatusCard icon={<InfoIcon />} title={TITLE}>
      <StatusText>
        {i18n._(
          "Check your address first. If fibre doesn't reach it yet, you can ask us here to tell you when it does.",
        )}
      </StatusText>
      <StatusActions>
        <ButtonLink to={PATHS.home}>{i18n._('Check my address')}</ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}

/** The address was checked again and fibre reaches it now: nothing to wait for. */
function NowAvailable() {
  return (
    <StatusCard icon={<CheckCircleIcon />} title={i18n._('Fibre reaches your address now')}>
      <StatusText>
        {i18n._('We checked your address again just now, and it can be connected.')}
      </StatusText>
      <StatusActions>
        <ButtonLink to={destinationForServiceable()}>{i18n._('See the plans')}</ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}

type NotifyMeProps = {
  result: TServiceabilityResult;
  address: TCheckedAddress;
  pageLocation: string;
};

function NotifyMe({ result, address, pageLocation }: NotifyMeProps) {
  const config = useWebConfig();
  const [requests, setRequests] = useState<number | null>(null);
  const [isDone, setIsDone] = useState(false);
  const [submitError, setSubmitError] = useState<string>();
  const barangay = address.area.barangay.address_name;
  const count = useQuery(
    waitlistCountQuery({
      province: address.area.province.address_name,
      city: address.area.city.address_name,
      barangay,
    }),
  );
  const lines = addressLines(address);
  const reason = result.unavailability_reason;
  const expected =
    reason?.code === 'planned' && result.alternate_proposal
      ? formatExpectedDate(result.alternate_proposal.expected_available_date)
      : null;

  const notify = async (contact: NotifyMeContact) => {
    setSubmitError(undefined);
    const settings = config.data ?? (await config.refetch()).data;
    if (!settings) {
      setSubmitError(i18n._(SUBMIT_FAILED));
      return;
    }
    const event = buildNotifyEvent(contact, address, {
      operatorId: settings.operatorName,
      now: new Date(),
      pageLocation,
      latitude: address.searchResult.lat,
      longitude: address.searchResult.lng,
    });
    const saved = await submitNotifyRequest(settings.applicationId, event);
    if (!saved.ok) {
      setSubmitError(i18n._(SUBMIT_FAILED));
      return;
    }
    setRequests(saved.reply);
    setIsDone(true);
  };

  return (
    <ScreenPage>
      <div className={`container ${styles.layout}`}>
        {/* ADR 058: drawn into the page before the app runs, from the visitor's stored answer. */}
        <div className={styles.intro} data-intro="">
          <p className={styles.badge} aria-hidden="true">
            <InfoIcon />
          </p>
          <h1 className={styles.title}>{TITLE}</h1>
          {expected ? (
            <p className={styles.coming}>
              {i18n._('Fibre is coming to your area by {expected}', { expected })}
            </p>
          ) : null}
          <p className={styles.reason}>
            {expected
              ? i18n._("It isn't ready at your address yet.")
              : (reason?.label ?? i18n._("Fibre isn't available at your address yet."))}{' '}
            {i18n._("Leave your details and we'll tell you as soon as you can order.")}
          </p>
          <div className={styles.address}>
            <p className={styles.addressLabel}>{i18n._('Address checked')}</p>
            <p className={styles.addressHome}>{lines.home}</p>
            <p className={styles.addressArea}>{lines.area}</p>
          </div>
          {!isDone && count.data ? (
            <p className={styles.count}>{waitlistText(count.data, barangay)}</p>
          ) : null}
        </div>
        <div className={styles.panel}>
          {isDone ? (
            <div className={styles.done} role="status">
              <CheckCircleIcon className={styles.doneIcon} />
              <p className={styles.doneTitle}>{i18n._(CONFIRMATION)}</p>
              {requests !== null && requests > 0 ? (
                <p className={styles.doneCount}>{waitlistText(requests, barangay)}</p>
              ) : null}
              <ButtonLink to={PATHS.home} fullWidth data-tag="notify_check_another">
                {i18n._('Check another address')}
              </ButtonLink>
            </div>
          ) : (
            <>
              <h2 className={styles.panelTitle}>{i18n._('Notify me when fibre arrives')}</h2>
              <NotifyMeForm onSubmit={notify} error={submitError} />
              <ButtonLink
                to={PATHS.home}
                variant="link"
                className={styles.another}
                data-tag="notify_check_another"
              >
                {i18n._('Check another address')}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </ScreenPage>
  );
}
