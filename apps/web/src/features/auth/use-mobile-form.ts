import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZMobileForm, type MobileForm } from './auth-schemas';

/** The one-field "Mobile number" form of the enter-mobile and forgot-PIN screens (checked on blur). */
export function useMobileForm(initialNumber: string) {
  return useForm<MobileForm>({
    mode: 'onBlur',
    defaultValues: { mobileNumber: initialNumber },
    resolver: zodResolver(ZMobileForm),
  });
}
