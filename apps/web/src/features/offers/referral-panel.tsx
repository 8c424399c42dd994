import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webConfigQuery } from '../../lib/web-config';
import { checkReferral } from '../../lib/pricing';
import { CodeEntryForm } from './code-entry-form';
import styles from './pricing-panel.module.css';
import { i18n } from '../../i18n/i18n';

/** product §7.1 validate referral: tells the customer whether a friend's referral code is accepted. */
export function ReferralPanel({ accountId }: { accountId: string }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: async (referralCode: string) => {
      const config = await queryClient.ensureQueryData(webConfigQuery);
      return checkReferral({ accountId, operatorName: config.operatorName, referralCode });
    },
  });

  async function onCheck(code: string) {
    try {
      await check.mutateAsync(code);
    } catch {
      // Only an expired sign-in rejects; the api client has already sent the customer home (§4.1).
    }
  }

  return (
    <section className={styles.block} aria-labelledby="referral-title">
      <h2 id="referral-title" className={styles.blockTitle}>
        {i18n._('Referred by a friend?')}
      </h2>
      <CodeEntryForm
        label={i18n._('Referral code')}
        submitLabel={i18n._('Check')}
        onSubmit={onCheck}
      />
      {check.data?.ok ? (
        <p className={styles.success} role="status">
          {i18n._('Referral code {code} is accepted.', { code: check.data.reply })}
        </p>
      ) : null}
      {check.data?.ok === false ? (
        <p className={styles.error} role="alert">
          {check.data.message}
        </p>
      ) : null}
    </section>
  );
}
