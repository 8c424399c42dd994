import type { ComponentPropsWithRef } from 'react';
import { buttonClassName, spinnerClassName, type ButtonStyleOptions } from './button-styles';

export type ButtonProps = ComponentPropsWithRef<'button'> &
  ButtonStyleOptions & {
    /** Shows a spinner, marks the button busy and blocks further clicks (no double submits). */
    isLoading?: boolean;
  };

export function Button({
  variant,
  size,
  fullWidth,
  isLoading = false,
  className,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth, className })}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading ? <span className={spinnerClassName} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
