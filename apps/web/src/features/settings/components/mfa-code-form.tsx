import { zodResolver } from '@hookform/resolvers/zod';
import { type MfaCodeInput, mfaCodeInput } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';

interface MfaCodeFormProps {
  id: string;
  label: string;
  submitLabel: string;
  isPending: boolean;
  isDanger?: boolean;
  /** resolves true when the code was accepted */
  onSubmit(input: MfaCodeInput): Promise<boolean>;
}

/** One code field (authenticator or recovery code) and a button. */
export function MfaCodeForm({ id, label, submitLabel, isPending, isDanger = false, onSubmit }: MfaCodeFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<MfaCodeInput>({ resolver: zodResolver(mfaCodeInput), defaultValues: { code: '' } });
  return (
    <form
      className="mfa-code-form"
      noValidate
      onSubmit={handleSubmit(async (input) => {
        if (await onSubmit(input)) reset();
      })}
    >
      <TextField
        id={id}
        label={label}
        inputMode="text"
        autoComplete="one-time-code"
        placeholder="123456"
        registration={register('code')}
        error={errors.code?.message}
        className="mfa-code-field"
      />
      <button type="submit" className={`btn ${isDanger ? 'btn-outline-danger' : 'btn-primary'}`} disabled={isPending}>
        {isPending ? 'Checking…' : submitLabel}
      </button>
    </form>
  );
}
