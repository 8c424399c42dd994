import { useState } from 'react';
import type { TOrder } from '@konek/contract/orders';
import { pesoText } from '../../lib/number-formats';
import { isError } from '../../lib/call';
import { cancelOrder } from '../../lib/orders';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-alert';
import styles from './track.module.css';
import { i18n } from '../../i18n/i18n';

// Cancel a paid order before the visit (or after a missed one); the API refunds the payment to
// the wallet it came from and refuses once the technician is on the way (ORDER_NOT_CANCELLABLE).

type CancelOrderProps = {
  accountId: string;
  order: TOrder;
  onCancelled: (order: TOrder) => void;
  onClose: () => void;
};

/** The confirmation, in place under the actions (role alertdialog), with the refund spelled out. */
export function CancelOrderConfirm({ accountId, order, onCancelled, onClose }: CancelOrderProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onConfirm = async () => {
    setIsBusy(true);
    setProblem(null);
    const result = await cancelOrder(accountId, order.order_id);
    setIsBusy(false);
    if (result.ok) {
      onCancelled(result.reply.order);
      return;
    }
    setProblem(
      isError(result, 'order', 'ORDER_NOT_CANCELLABLE')
        ? i18n._(
            "This order can't be cancelled any more: your technician is on the way or the installation has started. Please contact us if you need help.",
          )
        : isError(result, 'payment', 'REFUND_REFUSED') ||
            isError(result, 'payment', 'PROVIDER_UNAVAILABLE')
          ? i18n._(
              "We couldn't refund your payment just now, so your order is still active. Please try again in a few minutes.",
            )
          : result.message,
    );
  };
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby="cancel-title"
      aria-describedby="cancel-text"
    >
      <h3 id="cancel-title" className={styles.confirmTitle}>
        {i18n._('Cancel your order?')}
      </h3>
      <p id="cancel-text">
        {i18n._(
          'Your installation will be cancelled and the {amount} you paid goes back to your wallet.',
          { amount: pesoText(order.amount) },
        )}
      </p>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className={styles.confirmActions}>
        <Button
          variant="primary"
          isLoading={isBusy}
          onClick={() => void onConfirm()}
          data-tag="track_cancel_confirm"
        >
          {i18n._('Yes, cancel my order')}
        </Button>
        <Button
          variant="secondary"
          autoFocus
          disabled={isBusy}
          onClick={onClose}
          data-tag="track_cancel_keep"
        >
          {i18n._('Keep my order')}
        </Button>
      </div>
    </div>
  );
}
