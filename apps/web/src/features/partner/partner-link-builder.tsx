import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toInternationalMsisdn } from '@konek/contract/validation';
import { Button } from '../../ui/button';
import { MandatoryTip } from '../../ui/mandatory-tip';
import { MobileNumberField } from '../../ui/mobile-number-field';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { buildPartnerLink, isLinkBuildingOff } from './api/build-link';
import { copyText } from './copy-text';
import { ZPartnerLinkForm, type PartnerLinkForm } from './partner-link-schema';
import styles from './partner-utils.module.css';
import { i18n, msg } from '../../i18n/i18n';
import { FormAlert } from '../../ui/form-alert';

const EMPTY: PartnerLinkForm = { mobileNumber: '', campaign: '', agentCode: '' };
const CODE_MAX = 64;

type Result = { kind: 'built'; url: string } | { kind: 'problem'; message: string };

/** The pcp/utils form and the link it builds, with a copy button. */
export function PartnerLinkBuilder() {
  const toast = useToast();
  const [result, setResult] = useState<Result | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PartnerLinkForm>({
    mode: 'onBlur',
    defaultValues: EMPTY,
    resolver: zodResolver(ZPartnerLinkForm, undefined, { raw: true }),
  });

  const onSubmit = async (form: PartnerLinkForm) => {
    const msisdn = toInternationalMsisdn(form.mobileNumber);
    if (msisdn === null) return;
    const built = await buildPartnerLink({
      msisdn,
      ...(form.campaign ? { campaign: form.campaign } : {}),
      ...(form.agentCode ? { agent_code: form.agentCode } : {}),
    });
    if (built.ok) {
      setResult({ kind: 'built', url: new URL(built.reply, window.location.origin).href });
    } else if (isLinkBuildingOff(built)) {
      setResult({ kind: 'problem', message: i18n._('This server no longer builds test links.') });
    } else {
      setResult({ kind: 'problem', message: built.message });
    }
  };

  const onCopy = async (url: string) => {
    try {
      await copyText(url);
      toast.show(i18n._('Link copied.'), 'success');
    } catch {
      toast.show(i18n._("We couldn't copy the link. Select it and copy it yourself."), 'error');
    }
  };

  return (
    <>
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('Build a partner link')}
        onSubmit={handleSubmit(onSubmit)}
      >
        <h2 className={styles.panelTitle}>{i18n._('Build a test link')}</h2>
        <MandatoryTip />
        <MobileNumberField
          label={i18n._("Customer's mobile number")}
          required
          hint={errors.mobileNumber ? undefined : msg(/*i18n*/ 'For example 0917 123 4567')}
          error={errors.mobileNumber?.message}
          {...register('mobileNumber')}
        />
        <div className={styles.codeRow}>
          <TextField
            label={i18n._('Campaign')}
            maxLength={CODE_MAX}
            autoComplete="off"
            error={errors.campaign?.message}
            {...register('campaign')}
          />
          <TextField
            label={i18n._('Agent code')}
            maxLength={CODE_MAX}
            autoComplete="off"
            error={errors.agentCode?.message}
            {...register('agentCode')}
          />
        </div>
        <Button
          type="submit"
          size="large"
          fullWidth
          isLoading={isSubmitting}
          data-tag="pcp_utils_build"
        >
          {i18n._('Build link')}
        </Button>
      </form>
      {result?.kind === 'problem' ? <FormAlert>{result.message}</FormAlert> : null}
      {result?.kind === 'built' ? (
        <div className={styles.result} role="status">
          <h2 className={styles.resultTitle}>{i18n._('Your link is ready')}</h2>
          <p className={styles.muted}>{i18n._('It works for 24 hours.')}</p>
          <TextField
            label={i18n._('Partner link')}
            readOnly
            value={result.url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className={styles.resultActions}>
            <Button onClick={() => void onCopy(result.url)} data-tag="pcp_utils_copy">
              {i18n._('Copy link')}
            </Button>
            <a
              className={styles.openLink}
              href={result.url}
              target="_blank"
              rel="noreferrer"
              data-tag="pcp_utils_open"
            >
              {i18n._('Open link in a new tab')}
            </a>
          </div>
        </div>
      ) : null}
    </>
  );
}
