import { useFormContext, useFormState } from 'react-hook-form';
import { PATHS, TERMS_PATH } from '@konek/contract/routes';
import { Checkbox } from '../../ui/checkbox';
import type { DetailsValues } from './details-schema';
import styles from './details-screen.module.css';
import { i18n } from '../../i18n/i18n';
import { Tagged } from '../../i18n/tagged';

/** A link that opens in a new tab, so the customer keeps the form (product §2.2 terms page). */
function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {i18n._('(opens in a new tab)')}</span>
    </a>
  );
}

/**
 * product §2.4: the two collapsible consent checkboxes, both unticked until the customer ticks them
 * (RA 10173: consent is given, never assumed), and the privacy-policy consent paragraph.
 */
export function ConsentFields() {
  const { register } = useFormContext<DetailsValues>();
  const { errors } = useFormState<DetailsValues>({ name: 'consents' });
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{i18n._('Your consent')}</legend>
      <p className={styles.sectionText}>
        <Tagged
          message={i18n._('Please read the <0>Prepaid Terms & Conditions</0> before you agree.')}
          wrap={(part) => <NewTabLink href={TERMS_PATH}>{part}</NewTabLink>}
        />
      </p>
      <div className={styles.consents}>
        <Checkbox
          label={i18n._('Prepaid Terms & Conditions')}
          required
          error={errors.consents?.prepaidTerms?.message}
          description={
            <p>
              <Tagged
                message={i18n._(
                  'I have read and agree to the <0>Prepaid Terms & Conditions</0> of Konek Prepaid Fiber, including the installation, load validity and refund rules.',
                )}
                wrap={(part) => <NewTabLink href={TERMS_PATH}>{part}</NewTabLink>}
              />
            </p>
          }
          {...register('consents.prepaidTerms')}
        />
        <Checkbox
          label={i18n._('Information We Share')}
          description={
            <p>
              <Tagged
                message={i18n._(
                  'Optional. I agree that Konek and the operator may share my personal data with their group companies and partners for credit scoring, analytics, product development and advertising. I can withdraw this at any time on the <0>privacy notice</0> page.',
                )}
                wrap={(part) => <NewTabLink href={PATHS.privacy}>{part}</NewTabLink>}
              />
            </p>
          }
          {...register('consents.informationSharing')}
        />
      </div>
      <p className={styles.privacy}>
        <Tagged
          message={i18n._(
            'By submitting, I consent to Konek and the operator collecting and processing my personal data to set up and deliver my order, as described in the <0>Privacy notice</0>, in line with the Data Privacy Act of 2012 (RA 10173).',
          )}
          wrap={(part) => <NewTabLink href={PATHS.privacy}>{part}</NewTabLink>}
        />
      </p>
    </fieldset>
  );
}
