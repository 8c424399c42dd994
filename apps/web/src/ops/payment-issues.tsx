import { useEffect, useState } from 'react';
import type { TRefundCause } from '@konek/contract/lifecycle';
import { opsPaymentIssuesCall, type TOpsPaymentIssue } from '@konek/contract/ops-payment-issues';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { pesoWords } from './ops-words';
import { i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';

// ADR 077: the payments a dispatcher should know of — a wallet that took another amount than was asked
// (Konek gave it back and the customer may pay again), and any payment Konek does not keep whose refund
// the gateway has not taken yet (the sweep keeps trying; a call to the gateway may be needed).

const CAUSE_WORDS: Record<TRefundCause, string> = {
  duplicate: msg(/*i18n*/ 'Paid twice: the second payment is refunded'),
  amount_mismatch: msg(/*i18n*/ 'The wallet took another amount than was asked'),
  order_ended: msg(/*i18n*/ 'Paid after the order was cancelled'),
  not_fulfillable: msg(/*i18n*/ 'Paid after the connection was released'),
};

const peso = pesoWords;

export function PaymentIssues(props: {
  session: OpsSession;
  onFailure: (failure: OpsFailure) => void;
}) {
  const { session, onFailure } = props;
  const [issues, setIssues] = useState<TOpsPaymentIssue[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void opsCall(opsPaymentIssuesCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setIssues(result.reply.payment_issues);
        setError(null);
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
    <section aria-labelledby="payment-issues-title" className={styles.section}>
      <h2 id="payment-issues-title" className={styles.title}>
        {i18n._('Payments to check')}
      </h2>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {issues === null ? (
        <p className={styles.muted}>{i18n._('Loading payments…')}</p>
      ) : issues.length === 0 ? (
        <p className={styles.muted}>
          {i18n._('No payment needs a look: every refund went through.')}
        </p>
      ) : (
        <ul className={styles.list}>
          {issues.map((issue) => {
            const owed = issue.paid_centavos - issue.refunded_centavos;
            return (
              <li
                key={issue.payment_session_id}
                className={styles.card}
                aria-label={i18n._('Payment for {order}', { order: issue.order_number })}
              >
                <p className={styles.orderLine}>
                  <span className={styles.orderNumber}>{issue.order_number}</span>
                </p>
                <p className={styles.cause}>{i18n._(CAUSE_WORDS[issue.cause])}</p>
                <p className={styles.muted}>
                  {i18n._('Asked {asked} · took {paid} · refunded {refunded}', {
                    asked: peso(issue.asked_centavos),
                    paid: peso(issue.paid_centavos),
                    refunded: peso(issue.refunded_centavos),
                  })}
                </p>
                {owed > 0 ? (
                  <p className={`${styles.status} ${styles.statusProblem} ${styles.longStatus}`}>
                    {i18n._(
                      '{owed} still to refund: Konek retries every half minute; if it keeps failing, refund it at the payment gateway.',
                      { owed: peso(owed) },
                    )}
                  </p>
                ) : (
                  <p className={`${styles.status} ${styles.statusDone}`}>
                    {i18n._('Refunded in full.')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
