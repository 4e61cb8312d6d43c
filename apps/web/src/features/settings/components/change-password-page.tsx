import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordInput, changePasswordInput } from '@nzeta/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-context';
import '../../../styles/settings.css';
import { PageHeader } from '../../../components/ui/page-header';
import { useChangePassword } from '../api/change-password';
import { useMfaStatus } from '../api/get-mfa-status';

/** '/admin/change-password', headed Update Password (SPEC §2.12). */
export function ChangePasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  // With two-step verification on, the server asks for a fresh code too (a stolen session is not enough).
  const needsCode = useMfaStatus().data?.enabled === true;
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { newPassword: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    // The server has revoked every token of this member: the stored session is useless now.
    if ((await change.mutateAsync(input)).status !== 1) return;
    auth.signOut();
    queryClient.clear();
    navigate(paths.signIn);
  });

  return (
    <>
      <PageHeader title="Update Password" />
      <section className="card-panel narrow-panel">
        <p className="text-muted">After the change you will be signed out and need to sign in with the new password.</p>
        <form onSubmit={onSubmit} noValidate>
          <TextField
            id="newPassword"
            label="New Password"
            type="password"
            placeholder="New Password"
            autoComplete="new-password"
            form={form}
            name="newPassword"
          />
          {needsCode && (
            <TextField
              id="code"
              label="Code from your authenticator app"
              placeholder="123456"
              autoComplete="one-time-code"
              form={form}
              name="code"
            />
          )}
          <PendingButton
            className="btn btn-primary settings-submit"
            isPending={change.isPending}
            pendingLabel="Saving…"
          >
            Update Password
          </PendingButton>
        </form>
      </section>
    </>
  );
}
