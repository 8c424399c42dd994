import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import styles from './pay-screen.module.css';
import { i18n } from '../../i18n/i18n';

const CODE_MAX_LENGTH = 64;

type CodeFormProps = {
  label: string;
  submitLabel: string;
  /** Answers an error message to show, or null when the code was taken. */
  onSubmit: (code: string) => Promise<string | null>;
  disabled?: boolean;
};

/** One code field and its button: a voucher ("Apply") or a friend's referral code ("Check"). */
export function CodeForm({ label, submitLabel, onSubmit, disabled = false }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(i18n._('Please enter a code.'));
      return;
    }
    setIsBusy(true);
    const problem = await onSubmit(typed);
    setIsBusy(false);
    setError(problem ?? undefined);
    if (!problem) setCode('');
  }
  return (
    <form className={styles.codeForm} noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id={id}
        label={label}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={CODE_MAX_LENGTH}
        value={code}
        error={error}
        disabled={disabled}
        className={styles.codeField}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        className={styles.codeButton}
        isLoading={isBusy}
        disabled={disabled}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
