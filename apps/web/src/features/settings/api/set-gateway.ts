import type * as accountApi from '@nzeta/domain/contracts/account';
import { encodeId } from '@nzeta/domain/id-codec';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { gatewaysQuery } from './get-gateways';

/** The gateway's own id, sent obfuscated as SPEC §7 has it (DESIGN §2). */
export function setGateway(id: number) {
  return sendEndpoint<typeof accountApi.setPaymentGateway>('POST', '/admin/payment-gateway-setting', {
    body: { gatewayId: encodeId(id) },
  });
}

export function useSetGateway() {
  return useApiMutation({ request: setGateway, invalidate: [gatewaysQuery.queryKey] });
}
