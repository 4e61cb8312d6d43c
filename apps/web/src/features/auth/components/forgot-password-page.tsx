import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordInput } from '@nzeta/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { type ForgotPasswordInput, useRequestPasswordReset } from '../api/forgot-password';
import { AuthCard } from './auth-card';

/** '/forgot-password' (DESIGN §4): e-mails a reset link; the answer never says whether the address exists. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    const answer = await request.mutateAsync(input);
    if (answer.status === 1) setSentMessage(answer.message);
  });

  return (
    <AuthCard subtitle="Reset your password">
      {sentMessage ? (
        <div className="alert alert-success" role="status">
          {sentMessage} The link is valid for 30 minutes.
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p className="text-muted">
            Enter the e-mail address of your staff account and we will send you a reset link.
          </p>
          <TextField
            id="email"
            label="Email ID"
            type="email"
            autoComplete="username"
            placeholder="Your Email Address"
            form={form}
            name="email"
          />
          <PendingButton
            className="btn btn-primary sign-in-button"
            isPending={request.isPending}
            pendingLabel="Sending…"
          >
            Send Reset Link
          </PendingButton>
        </form>
      )}
      <p className="text-center mt-4 mb-0">
        <Link to={paths.signIn} className="forget-link">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
