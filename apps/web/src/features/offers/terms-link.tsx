import type { ReactNode } from 'react';
import { TERMS_PATH } from '@konek/contract/routes';
import { i18n } from '../../i18n/i18n';

/** product §2.2: the terms page opens in a new tab, so the customer keeps their place in the journey. */
export function TermsLink({ children }: { children?: ReactNode }) {
  return (
    <a href={TERMS_PATH} target="_blank" rel="noopener noreferrer">
      {children ?? i18n._('Prepaid Terms & Conditions')}
      <span className="visually-hidden"> {i18n._('(opens in a new tab)')}</span>
    </a>
  );
}
