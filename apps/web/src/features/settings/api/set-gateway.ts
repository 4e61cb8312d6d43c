import { encodeId } from '@nzeta/domain/id-codec';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gatewaysQuery } from './get-gateways';

/** The gateway's own id, sent obfuscated as SPEC §7 has it (DESIGN §2). */
export function setGateway(id: number) {
  return apiRequest('POST', 'admin/payment-gateway-setting', { body: { gatewayId: encodeId(id) } });
}

export function useSetGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGateway,
    onSuccess: (answer) => {
      if (answer.status === 1) queryClient.invalidateQueries({ queryKey: gatewaysQuery.queryKey });
    },
  });
}
