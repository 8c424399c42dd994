import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { buttonClassName, type ButtonStyleOptions } from './button-styles';

export type ButtonLinkProps = ComponentPropsWithRef<typeof Link> & ButtonStyleOptions;

/** An in-app link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, fullWidth, className })} {...props} />;
}
