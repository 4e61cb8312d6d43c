import { zodResolver } from '@hookform/resolvers/zod';
import { can, gatewayFormInput } from '@nzeta/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NoAccess } from '../../../components/ui/no-access';
import { useAuth } from '../../../lib/auth-context';
import '../../../styles/settings.css';
import { useGateways } from '../api/get-gateways';
import { useSetGateway } from '../api/set-gateway';

type GatewayForm = z.infer<typeof gatewayFormInput>;

/** '/admin/gateway-setting', headed Change Gateway (SPEC §2.12). */
export function GatewaySettingPage() {
  const { role } = useAuth();
  if (!can(role, 'gateways.manage')) return <NoAccess title="Change Gateway" />;
  return <GatewaySetting />;
}

function GatewaySetting() {
  const gateways = useGateways();
  const setGateway = useSetGateway();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<GatewayForm>({ resolver: zodResolver(gatewayFormInput), defaultValues: { gatewayName: '' } });

  // The select starts on the gateway in use, and stays on the one just chosen.
  const active = gateways.data?.find((gateway) => gateway.is_active === '1');
  useEffect(() => {
    if (active) reset({ gatewayName: String(active.id) });
  }, [active, reset]);

  const onSubmit = handleSubmit(async ({ gatewayName }) => {
    await setGateway.mutateAsync(Number(gatewayName));
  });

  return (
    <>
      <div className="page-header">
        <h1>Change Gateway</h1>
      </div>
      <div className="settings-columns">
        <section className="card-panel" aria-labelledby="gateway-form-heading">
          <h2 id="gateway-form-heading">Active payment gateway</h2>
          <form onSubmit={onSubmit} noValidate>
            <div className="mb-3">
              <label htmlFor="gatewayName" className="form-label">
                Gateway
              </label>
              <select
                id="gatewayName"
                className={`form-select${errors.gatewayName ? ' is-invalid' : ''}`}
                aria-invalid={errors.gatewayName ? true : undefined}
                aria-describedby={errors.gatewayName ? 'gatewayName-error' : undefined}
                {...register('gatewayName')}
              >
                <option value="">Select gateway</option>
                {gateways.data?.map((gateway) => (
                  <option key={gateway.id} value={gateway.id}>
                    {gateway.gateway_name}
                  </option>
                ))}
              </select>
              {errors.gatewayName && (
                <div id="gatewayName-error" className="invalid-feedback">
                  {errors.gatewayName.message}
                </div>
              )}
            </div>
            <button type="submit" className="btn btn-primary settings-submit" disabled={setGateway.isPending}>
              {setGateway.isPending ? 'Saving…' : 'Update Gateway'}
            </button>
          </form>
        </section>
        <section className="card-panel" aria-labelledby="gateway-list-heading">
          <h2 id="gateway-list-heading">Payment gateways</h2>
          {gateways.isPending && <p className="text-muted mb-0">Loading...</p>}
          {gateways.isError && <p className="text-danger mb-0">{gateways.error.message}</p>}
          {gateways.data?.length === 0 && <p className="text-muted mb-0">No records found</p>}
          <ul className="gateway-list">
            {gateways.data?.map((gateway) => {
              const isActive = gateway.is_active === '1';
              return (
                <li key={gateway.id} className={isActive ? 'is-active' : undefined}>
                  <span className="gateway-name">{gateway.gateway_name}</span>
                  <span className={`badge ${isActive ? 'text-bg-success' : 'text-bg-light'}`}>
                    {isActive ? 'Active' : 'Inactive'}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </>
  );
}
