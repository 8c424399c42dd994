import type { ReactNode } from 'react';
import { TERMS_PATH } from '@konek/contract/routes';

/** product §2.2: the terms page opens in a new tab, so the customer keeps their place in the journey. */
export function TermsLink({ children = 'Prepaid Terms & Conditions' }: { children?: ReactNode }) {
  return (
    <a href={TERMS_PATH} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
