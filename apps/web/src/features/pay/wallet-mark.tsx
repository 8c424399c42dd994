import type { TPaymentMethodNumber } from '@konek/contract/payment-methods';
import styles from './pay-screen.module.css';

// A wallet's initial in its own colour, so the tiles tell apart at a glance. Not the wallets' logos: those
// are their owners' trademarks and need their permission.
const COLOURS: Record<TPaymentMethodNumber, string | undefined> = {
  1: styles.gcash,
  2: styles.grabpay,
  3: styles.maya,
  4: styles.shopeepay,
};

export function WalletMark({ method, label }: { method: TPaymentMethodNumber; label: string }) {
  return <span className={`${styles.walletMark} ${COLOURS[method] ?? ''}`}>{label.charAt(0)}</span>;
}
