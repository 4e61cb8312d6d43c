import { useState } from 'react';
import { useEnableMfa } from '../api/enable-mfa';
import { type MfaSetup, useSetupMfa } from '../api/setup-mfa';
import { MfaCodeForm } from './mfa-code-form';

/** Setting up two-step verification: scan the QR code, then confirm with a first code. */
export function MfaEnrolment({ isPending, onEnabled }: { isPending: boolean; onEnabled(codes: string[]): void }) {
  const setup = useSetupMfa();
  const enable = useEnableMfa();
  const [secret, setSecret] = useState<MfaSetup | null>(null);

  const start = async () => {
    const answer = await setup.mutateAsync();
    if (answer.status === 1 && answer.data) setSecret(answer.data);
  };

  if (!secret) {
    return (
      <div>
        <p>
          Two-step verification asks for a code from an authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password…) each time you sign in, so a stolen password alone is not enough.
        </p>
        {isPending && (
          <p className="text-muted">A set-up was started but not finished. Start again to get a new code.</p>
        )}
        <button type="button" className="btn btn-primary" onClick={start} disabled={setup.isPending}>
          {setup.isPending ? 'Preparing…' : isPending ? 'Start again' : 'Set up two-step verification'}
        </button>
      </div>
    );
  }

  return (
    <div className="mfa-enrol">
      <div className="mfa-qr">
        <img
          src={secret.qrDataUrl}
          alt="QR code to add this account to your authenticator app"
          width={220}
          height={220}
        />
      </div>
      <div className="mfa-steps">
        <ol>
          <li>Open your authenticator app and add an account by scanning this QR code.</li>
          <li>
            Cannot scan? Enter this key instead:
            <code className="mfa-secret">{secret.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </li>
          <li>Type the 6-digit code the app shows to finish.</li>
        </ol>
        <MfaCodeForm
          id="mfa-enable-code"
          label="Code from the app"
          submitLabel="Verify and turn on"
          isPending={enable.isPending}
          onSubmit={async (input) => {
            const answer = await enable.mutateAsync(input);
            if (answer.status !== 1 || !answer.data) return false;
            onEnabled(answer.data.recoveryCodes);
            return true;
          }}
        />
      </div>
    </div>
  );
}
