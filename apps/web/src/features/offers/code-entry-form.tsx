import * as z from 'zod';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import styles from './pricing-panel.module.css';
import { msg } from '../../i18n/i18n';

// product §8: a voucher or referral code as typed; the server reads it in any case, with spaces or hyphens.
const CODE_MAX_LENGTH = 64;
const ZCodeEntry = z.object({
  code: z
    .string()
    .trim()
    // Catalogue messages, shown translated by FieldMessage (ADR 027); the number is CODE_MAX_LENGTH.
    .min(1, msg(/*i18n*/ 'Please enter a code.'))
    .max(CODE_MAX_LENGTH, msg(/*i18n*/ 'A code has at most 64 characters.')),
});
type CodeEntry = z.infer<typeof ZCodeEntry>;

export type CodeEntryFormProps = {
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
};

/** One code field and its button (voucher "Apply", referral "Check"). */
export function CodeEntryForm({ label, submitLabel, onSubmit }: CodeEntryFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeEntry>({
    defaultValues: { code: '' },
    resolver: zodResolver(ZCodeEntry),
  });
  return (
    <form
      className={styles.codeForm}
      noValidate
      onSubmit={handleSubmit((entry) => onSubmit(entry.code))}
    >
      <TextField
        label={label}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={CODE_MAX_LENGTH}
        error={errors.code?.message}
        className={styles.codeField}
        {...register('code')}
      />
      <Button type="submit" variant="secondary" isLoading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
