import type { ClipboardEvent } from 'react';
import { MobileNumberField } from '../../ui/mobile-number-field';
import type { TextFieldProps } from '../../ui/text-field';
import { mobileFieldValueFromPaste } from './mobile-display';
import { i18n, msg } from '../../i18n/i18n';

export type AccountMobileFieldProps = Omit<TextFieldProps, 'label'> & {
  /** A pasted number in another spelling (+63…, 09…) arrives here as the field's 10 digits. */
  onPasteNumber: (digits: string) => void;
};

/** The account screens' "Mobile number" field, shown with its leading 0 (product §2.4) and sent with 63. */
export function AccountMobileField({ onPasteNumber, ...props }: AccountMobileFieldProps) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = mobileFieldValueFromPaste(event.clipboardData.getData('text'));
    if (digits === null) return;
    event.preventDefault();
    onPasteNumber(digits);
  };
  return (
    <MobileNumberField
      label={i18n._('Mobile number')}
      required
      hint={props.error ? undefined : msg(/*i18n*/ 'For example 0917 123 4567')}
      onPaste={onPaste}
      {...props}
    />
  );
}
