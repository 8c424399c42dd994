import type { ComponentPropsWithRef } from 'react';
import { ExternalLinkIcon } from './icons';
import { i18n } from '../i18n/i18n';

export type ExternalAnchorProps = Omit<ComponentPropsWithRef<'a'>, 'target' | 'rel'> & {
  href: string;
  /** Draws the small "opens elsewhere" arrow after the text. */
  showIcon?: boolean;
  iconClassName?: string;
};

/** A link to another site: opens in a new tab without giving that tab access to this page. */
export function ExternalAnchor({
  children,
  showIcon = false,
  iconClassName,
  ...props
}: ExternalAnchorProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      {showIcon ? <ExternalLinkIcon className={iconClassName} /> : null}
      <span className="visually-hidden"> {i18n._('(opens in a new tab)')}</span>
    </a>
  );
}
