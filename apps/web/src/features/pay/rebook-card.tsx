import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import { confirmAndPay } from './confirm-and-pay';
import { storedSlotText } from '../../lib/formats';
import type { PayData } from './use-pay-data';
import styles from './pay-screen.module.css';
import { i18n } from '../../i18n/i18n';

type Rebook = Extract<PayData, { kind: 'rebook' }>;

/**
 * ADR 045: a paid order whose installation place was lost while the customer paid, and the new time they
 * have just held. Confirming books the order again (create order with the new appointment): the payment
 * is kept and nothing more is charged.
 */
export function RebookCard({ data, userId }: { data: Rebook; userId: string }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const isSending = useRef(false);
  const productIds = Object.keys(data.order.entities.product);

  async function onConfirm() {
    if (isSending.current || !productIds[0]) return;
    isSending.current = true;
    setIsBusy(true);
    const outcome = await confirmAndPay({
      userId,
      accountId: data.accountId,
      offerId: productIds[0],
      booking: data.booking,
      paymentMethod: data.order.payment_method,
      voucherCodes: data.order.total_price.discount.map((discount) => discount.voucher_code),
      referralCode: null,
    });
    if (outcome.kind === 'go') {
      await navigate(outcome.to, { state: outcome.state });
      return;
    }
    isSending.current = false;
    setIsBusy(false);
    setProblem(
      outcome.kind === 'problem' ? outcome.message : i18n._('Please try again in a moment.'),
    );
  }

  return (
    <section className={styles.card} aria-labelledby="rebook-title">
      <h2 id="rebook-title" className={styles.cardTitle}>
        {i18n._('Confirm your new installation time')}
      </h2>
      <p>
        {i18n._(
          'Your payment for order {number} is safe. Confirm the new time and your installation is booked — there is nothing more to pay.',
          { number: data.order.order_number },
        )}
      </p>
      {data.booking.appointmentTime ? (
        <p className={styles.totalLine}>
          <span>{i18n._('Installation time')}</span>
          <strong>{storedSlotText(data.booking.appointmentTime)}</strong>
        </p>
      ) : null}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <Button size="large" fullWidth isLoading={isBusy} onClick={() => void onConfirm()}>
        {i18n._('Confirm new time')}
      </Button>
    </section>
  );
}
