import { Button } from '../../ui/button';
import { formatCountdown, useSecondsLeft } from './use-seconds-left';
import styles from './auth-form.module.css';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

export type ResendCodeProps = {
  /** Epoch ms from which a new code may be asked for (resend_after_seconds, or the hourly cap). */
  resendAt: number;
  isResending: boolean;
  /** The code can no longer be used: asking for a new one is the main action. */
  isProminent: boolean;
  onResend: () => void;
};

/** The resend countdown: the wait the API set, then the way to ask for a new code. */
export function ResendCode({ resendAt, isResending, isProminent, onResend }: ResendCodeProps) {
  const seconds = useSecondsLeft(resendAt);
  return (
    <div className={styles.resend}>
      {seconds > 0 ? (
        <p>
          <Tagged
            message={i18n._("Didn't get it? You can ask for a new code in <0>{countdown}</0>", {
              countdown: formatCountdown(seconds),
            })}
            wrap={(part) => (
              <span className={styles.countdown} data-testid="resend-countdown">
                {part}
              </span>
            )}
          />
        </p>
      ) : isProminent ? (
        <Button
          variant="secondary"
          fullWidth
          isLoading={isResending}
          onClick={onResend}
          data-tag="code_resend"
        >
          {i18n._('Send a new code')}
        </Button>
      ) : (
        <>
          <span>{i18n._("Didn't get it?")}</span>
          <Button variant="link" isLoading={isResending} onClick={onResend} data-tag="code_resend">
            {i18n._('Resend code')}
          </Button>
        </>
      )}
      {/* Told once, when the wait is over; the ticking countdown itself is not read out. */}
      <span role="status" className="visually-hidden">
        {seconds > 0 ? '' : i18n._('You can ask for a new code now.')}
      </span>
    </div>
  );
}
