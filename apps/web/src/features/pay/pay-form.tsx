import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pesoText } from '../../lib/number-formats';
import type { TPaymentMethodNumber } from '@konek/contract/payment-methods';
import { PATHS, TERMS_PATH } from '@konek/contract/routes';
import { readPaymentRecord } from '../../lib/journey-store';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { FormAlert } from '../../ui/form-alert';
import { RadioGroup } from '../../ui/radio-group';
import { checkReferral, refusedVoucherCode } from '../../lib/pricing';
import { CodeForm } from './codes-section';
import { confirmAndPay } from './confirm-and-pay';
import { leaveForCheckout } from './leave-for-checkout';
import { InstallationSummary } from './installation-summary';
import { PendingAmount, PriceBreakdown, PricePending } from './price-breakdown';
import type { PayData } from './use-pay-data';
import { usePayPrice } from './use-pay-price';
import { WalletMark } from './wallet-mark';
import styles from './pay-screen.module.css';
import { i18n, msg } from '../../i18n/i18n';

type Ready = Extract<PayData, { kind: 'ready' }>;

/** The codes to start from: those of the order being paid again, else those this browser last sent. */
function startingCodes(data: Ready, userId: string) {
  const record = readPaymentRecord(userId);
  const fromOrder = data.openOrder?.total_price.discount.map((discount) => discount.voucher_code);
  return {
    vouchers: fromOrder ?? record?.voucherCodes ?? [],
    referral: record?.referralCode ?? null,
  };
}

export function PayForm({ data, userId }: { data: Ready; userId: string }) {
  const navigate = useNavigate();
  const [start] = useState(() => startingCodes(data, userId));
  const [voucherCodes, setVoucherCodes] = useState<string[]>(start.vouchers);
  const [referralCode, setReferralCode] = useState<string | null>(start.referral);
  const [method, setMethod] = useState<TPaymentMethodNumber | null>(
    data.openOrder?.payment_method ?? data.methods.default_payment_method,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // A second click before React re-renders the disabled button must not send a second order.
  const isSending = useRef(false);
  const price = usePayPrice({
    accountId: data.accountId,
    operatorName: data.operatorName,
    offerId: data.offer.offerId,
    voucherCodes,
  });
  const base = price.base.data?.ok ? price.base.data.reply : null;
  const applied =
    voucherCodes.length > 0 && price.applied.data?.ok ? price.applied.data.reply : null;
  const isPriceReady = base !== null && (voucherCodes.length === 0 || applied !== null);
  const total = applied ?? base;
  const chosen = data.methods.methods.find((entry) => entry.payment_method === method) ?? null;
  // A voucher kept from an earlier attempt (or typed before) that the server no longer takes: it stays
  // on screen with the reason, so the customer can remove it and pay.
  const refusedPrice =
    voucherCodes.length > 0 && price.applied.data?.ok === false ? price.applied.data : null;
  const refusedVoucher = refusedPrice && {
    message: refusedPrice.message,
    voucherCode: refusedVoucherCode(refusedPrice),
  };
  const blocked = blockedReason({
    hasMethods: data.methods.methods.length > 0,
    chosen: chosen !== null,
    isBaseRefused: price.base.data?.ok === false,
    isVoucherRefused: refusedVoucher !== null,
    isPriceReady,
  });

  async function applyVoucher(code: string): Promise<string | null> {
    const normalised = code.toUpperCase();
    if (voucherCodes.includes(normalised)) return null;
    const next = [...voucherCodes, normalised];
    const read = await price.previewWith(next);
    if (!read.ok) return read.message;
    setVoucherCodes(read.reply.discount.map((discount) => discount.voucher_code));
    return null;
  }

  async function applyReferral(code: string): Promise<string | null> {
    const read = await checkReferral({
      accountId: data.accountId,
      operatorName: data.operatorName,
      referralCode: code,
    });
    if (!read.ok) return read.message;
    setReferralCode(read.reply);
    return null;
  }

  async function onConfirm() {
    if (isSending.current || !method) return;
    isSending.current = true;
    setIsBusy(true);
    setProblem(null);
    const outcome = await confirmAndPay({
      userId,
      accountId: data.accountId,
      offerId: data.offer.offerId,
      booking: data.booking,
      paymentMethod: method,
      voucherCodes,
      referralCode,
    });
    if (outcome.kind === 'checkout') {
      // The button stays disabled while the wallet's page loads.
      leaveForCheckout(outcome.url);
      return;
    }
    if (outcome.kind === 'go') {
      await navigate(outcome.to, { state: outcome.state });
      return;
    }
    isSending.current = false;
    setIsBusy(false);
    setProblem(outcome.message);
  }

  return (
    <div className={styles.columns}>
      <div className={styles.column}>
        <section className={styles.card} aria-labelledby="pay-plan-title">
          <h2 id="pay-plan-title" className={styles.cardTitle}>
            {i18n._('Your plan')}
          </h2>
          {base ? (
            <PriceBreakdown
              planName={data.offer.name}
              base={base}
              applied={applied}
              onRemoveVoucher={(code) =>
                setVoucherCodes(voucherCodes.filter((entry) => entry !== code))
              }
            />
          ) : price.base.data?.ok === false ? (
            <FormAlert tone="error">{price.base.data.message}</FormAlert>
          ) : (
            <PricePending planName={data.offer.name} />
          )}
          {refusedVoucher ? (
            <FormAlert
              tone="error"
              title={i18n._('This voucher can’t be used')}
              action={
                <Button
                  variant="secondary"
                  onClick={() =>
                    setVoucherCodes(
                      refusedVoucher.voucherCode
                        ? voucherCodes.filter((code) => code !== refusedVoucher.voucherCode)
                        : [],
                    )
                  }
                  data-tag="pay_remove_refused_voucher"
                >
                  {refusedVoucher.voucherCode
                    ? i18n._('Remove voucher {code}', { code: refusedVoucher.voucherCode })
                    : i18n._('Remove vouchers')}
                </Button>
              }
            >
              {refusedVoucher.message}
            </FormAlert>
          ) : null}
          <div className={styles.codes}>
            <CodeForm
              label={i18n._('Voucher code')}
              submitLabel={i18n._('Apply')}
              onSubmit={applyVoucher}
              disabled={isBusy}
            />
            <CodeForm
              label={i18n._('Referral code')}
              submitLabel={i18n._('Check')}
              onSubmit={applyReferral}
              disabled={isBusy}
            />
            {referralCode ? (
              <p className={styles.accepted} role="status">
                {i18n._('Referral code {code} is accepted.', { code: referralCode })}{' '}
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => setReferralCode(null)}
                >
                  {i18n._('Remove')}
                </button>
              </p>
            ) : null}
          </div>
        </section>
        <InstallationSummary
          appointmentTime={data.booking.appointmentTime}
          profile={data.profile}
        />
      </div>
      <section className={`${styles.card} ${styles.payCard}`} aria-labelledby="pay-method-title">
        <h2 id="pay-method-title" className={styles.cardTitle}>
          {i18n._('Payment')}
        </h2>
        {data.methods.methods.length > 0 ? (
          <RadioGroup
            legend={i18n._('Choose your e-wallet')}
            className={styles.methods}
            layout="list"
            options={data.methods.methods.map((entry) => ({
              value: String(entry.payment_method),
              label: entry.label,
              icon: <WalletMark method={entry.payment_method} label={entry.label} />,
            }))}
            value={method === null ? null : String(method)}
            onChange={(value) => setMethod(Number(value) as TPaymentMethodNumber)}
            disabled={isBusy}
          />
        ) : (
          <FormAlert tone="warning">
            {i18n._('Online payment is not available right now. Please try again later.')}
          </FormAlert>
        )}
        {/* Drawn before the price comes, so the button below stays where it is when it does. */}
        {total || price.base.data?.ok !== false ? (
          <p className={styles.totalLine}>
            <span>{i18n._('Total to pay')}</span>
            {total ? (
              <strong>{pesoText(total.sub_total)}</strong>
            ) : (
              <strong>
                <PendingAmount />
              </strong>
            )}
          </p>
        ) : null}
        <p className={styles.terms}>
          {i18n._('By tapping Confirm and Pay you agree to the')}{' '}
          <a href={TERMS_PATH} target="_blank" rel="noopener noreferrer">
            {i18n._('Prepaid Terms & Conditions')}
          </a>
          .{' '}
          {chosen
            ? i18n._("You'll approve the payment on {wallet}'s page and then come back here.", {
                wallet: chosen.label,
              })
            : null}
        </p>
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        <div className={styles.actions}>
          <Button
            size="large"
            fullWidth
            disabled={blocked !== null || isBusy}
            isLoading={isBusy}
            onClick={() => void onConfirm()}
            aria-describedby={blocked ? 'pay-blocked' : undefined}
            data-tag="pay_confirm"
          >
            {i18n._('Confirm and Pay')}
          </Button>
          {blocked && !isBusy ? (
            <p id="pay-blocked" className={styles.blocked} role="status">
              {i18n._(blocked)}
            </p>
          ) : null}
          <ButtonLink to={PATHS.schedule} variant="link" data-tag="pay_back">
            {i18n._('Back')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

/** Why Confirm and Pay cannot be pressed now, in the customer's words; null when it can. */
function blockedReason(state: {
  hasMethods: boolean;
  chosen: boolean;
  isBaseRefused: boolean;
  isVoucherRefused: boolean;
  isPriceReady: boolean;
}): string | null {
  if (!state.hasMethods) return msg(/*i18n*/ 'Online payment is not available right now.');
  if (state.isBaseRefused) return msg(/*i18n*/ 'This plan can’t be priced right now.');
  if (state.isVoucherRefused) {
    return msg(/*i18n*/ 'Remove the voucher that can’t be used to continue.');
  }
  if (!state.isPriceReady) return msg(/*i18n*/ 'Getting your price…');
  if (!state.chosen) return msg(/*i18n*/ 'Choose an e-wallet to pay with.');
  return null;
}
