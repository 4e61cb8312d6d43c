import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A payment gateway (SPEC §3): its numeric id; '1' marks the active one. */
export interface Gateway {
  id: number;
  gateway_name: string;
  is_active: '1' | '0';
}

export const gatewaysQuery = queryOptions({
  queryKey: queryKeys.settings.gateways,
  queryFn: async () => (await apiCall<Gateway[]>('GET', 'admin/payment-gateways')).data ?? [],
});

export function useGateways() {
  return useQuery(gatewaysQuery);
}
