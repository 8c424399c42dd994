import type { ClipboardEvent } from 'react';
import { MobileNumberField } from '../../ui/mobile-number-field';
import type { TextFieldProps } from '../../ui/text-field';
import { mobileFieldValueFromPaste } from './mobile-display';

/** product §5: 9 or 10 digits are typed after the 0 the field shows. */
const MOBILE_DIGITS_MAX = 10;

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
      label="Mobile number"
      required
      maxLength={MOBILE_DIGITS_MAX}
      hint={props.error ? undefined : 'The 10 digits after the 0, e.g. 917 123 4567'}
      onPaste={onPaste}
      {...props}
    />
  );
}
