import { cx } from './class-names';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';
export type ButtonSize = 'medium' | 'large';

export type ButtonStyleOptions = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
};

/** The button look, shared by <Button> and <ButtonLink> so a link can look like a button. */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
  className,
}: ButtonStyleOptions): string {
  return cx(
    styles.button,
    styles[variant],
    size === 'large' && styles.large,
    fullWidth && styles.fullWidth,
    className,
  );
}

export const spinnerClassName = styles.spinner;
