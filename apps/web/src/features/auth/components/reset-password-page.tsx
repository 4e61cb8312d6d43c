import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordInput } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';

const resetForm = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
type ResetForm = z.infer<typeof resetForm>;

const PASSWORD_FIELDS = [
  { name: 'newPassword', label: 'New Password' },
  { name: 'confirmPassword', label: 'Confirm New Password' },
] as const;

/** '/reset-password/{token}': the link from the reset e-mail; works once, for 30 minutes. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    if ((await reset.mutateAsync({ token, newPassword })).status === 1) navigate(paths.signIn);
  });

  return (
    <AuthCard subtitle="Choose a new password">
      <form onSubmit={onSubmit} noValidate>
        {PASSWORD_FIELDS.map(({ name, label }) => (
          <TextField
            key={name}
            id={name}
            label={label}
            type="password"
            autoComplete="new-password"
            placeholder={label}
            form={form}
            name={name}
          />
        ))}
        <PendingButton className="btn btn-primary sign-in-button" isPending={reset.isPending} pendingLabel="Saving…">
          Set New Password
        </PendingButton>
      </form>
      <p className="text-center mt-4 mb-0">
        <Link to={paths.forgotPassword} className="forget-link">
          Ask for a new link
        </Link>
        <span className="text-muted mx-2">·</span>
        <Link to={paths.signIn} className="forget-link">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
