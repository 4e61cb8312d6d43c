import { zodResolver } from '@hookform/resolvers/zod';
import { type MfaCodeInput, mfaCodeInput } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import { PendingButton } from '../../../components/ui/pending-button';
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
  const form = useForm<MfaCodeInput>({ resolver: zodResolver(mfaCodeInput), defaultValues: { code: '' } });
  return (
    <form
      className="mfa-code-form"
      noValidate
      onSubmit={form.handleSubmit(async (input) => {
        if (await onSubmit(input)) form.reset();
      })}
    >
      <TextField
        id={id}
        label={label}
        inputMode="text"
        autoComplete="one-time-code"
        placeholder="123456"
        className="mfa-code-field"
        form={form}
        name="code"
      />
      <PendingButton
        className={`btn ${isDanger ? 'btn-outline-danger' : 'btn-primary'}`}
        isPending={isPending}
        pendingLabel="Checking…"
      >
        {submitLabel}
      </PendingButton>
    </form>
  );
}
