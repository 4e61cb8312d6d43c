import { useState } from 'react';
import '../../../styles/settings.css';
import { PageHeader } from '../../../components/ui/page-header';
import { useDisableMfa } from '../api/disable-mfa';
import { useMfaStatus } from '../api/get-mfa-status';
import { MfaCodeForm } from './mfa-code-form';
import { MfaEnrolment } from './mfa-enrolment';
import { RecoveryCodes } from './recovery-codes';

/** '/admin/security': the member's own two-step verification. */
export function SecurityPage() {
  const status = useMfaStatus();
  const disable = useDisableMfa();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <>
      <PageHeader title="Security" />
      {status.data?.required && !status.data.enabled && (
        <div className="alert alert-warning" role="alert">
          Two-step verification is required for every team member. Please set it up now.
        </div>
      )}
      <section className="card-panel narrow-panel wide" aria-labelledby="mfa-heading">
        <div className="mfa-heading">
          <h2 id="mfa-heading">Two-step verification</h2>
          {status.data && (
            <span className={`badge ${status.data.enabled ? 'text-bg-success' : 'text-bg-secondary'}`}>
              {status.data.enabled ? 'On' : 'Off'}
            </span>
          )}
        </div>
        {status.isPending && <p className="text-muted mb-0">Loading...</p>}
        {status.isError && <p className="text-danger mb-0">{status.error.message}</p>}
        {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
        {status.data && !recoveryCodes && !status.data.enabled && (
          <MfaEnrolment isPending={status.data.pending} onEnabled={setRecoveryCodes} />
        )}
        {status.data?.enabled && !recoveryCodes && (
          <div>
            <p>
              Signing in asks for a code from your authenticator app. <strong>{status.data.recoveryCodesLeft}</strong>{' '}
              unused recovery code
              {status.data.recoveryCodesLeft === 1 ? '' : 's'} left.
            </p>
            <h3 className="mfa-subheading">Turn off two-step verification</h3>
            <MfaCodeForm
              id="mfa-disable-code"
              label="Code from the app, or a recovery code"
              submitLabel="Turn off"
              isDanger
              isPending={disable.isPending}
              onSubmit={async (input) => (await disable.mutateAsync(input)).status === 1}
            />
          </div>
        )}
      </section>
    </>
  );
}
