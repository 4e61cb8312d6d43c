import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gatewaysQuery } from './get-gateways';

export function setGateway(gatewayId: string) {
  return apiRequest('POST', 'admin/payment-gateway-setting', { body: { gatewayId } });
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
