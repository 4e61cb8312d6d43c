import { zodResolver } from '@hookform/resolvers/zod';
import { can, gatewayFormInput } from '@nzeta/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NoAccess } from '../../../components/ui/no-access';
import { PendingButton } from '../../../components/ui/pending-button';
import { SelectField } from '../../../components/ui/select-field';
import { useAuth } from '../../../lib/auth-context';
import '../../../styles/settings.css';
import { PageHeader } from '../../../components/ui/page-header';
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
  const form = useForm<GatewayForm>({ resolver: zodResolver(gatewayFormInput), defaultValues: { gatewayName: '' } });
  const { reset } = form;

  // The select starts on the gateway in use, and stays on the one just chosen.
  const active = gateways.data?.find((gateway) => gateway.is_active === '1');
  useEffect(() => {
    if (active) reset({ gatewayName: String(active.id) });
  }, [active, reset]);

  const onSubmit = form.handleSubmit(async ({ gatewayName }) => {
    await setGateway.mutateAsync(Number(gatewayName));
  });

  return (
    <>
      <PageHeader title="Change Gateway" />
      <div className="settings-columns">
        <section className="card-panel" aria-labelledby="gateway-form-heading">
          <h2 id="gateway-form-heading">Active payment gateway</h2>
          <form onSubmit={onSubmit} noValidate>
            <SelectField
              id="gatewayName"
              label="Gateway"
              placeholder="Select gateway"
              options={gateways.data?.map((gateway) => ({ value: gateway.id, label: gateway.gateway_name })) ?? []}
              form={form}
              name="gatewayName"
            />
            <PendingButton
              className="btn btn-primary settings-submit"
              isPending={setGateway.isPending}
              pendingLabel="Saving…"
            >
              Update Gateway
            </PendingButton>
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
