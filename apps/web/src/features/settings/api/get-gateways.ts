import { contracts } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';

/** A payment gateway (SPEC §3): its numeric id; '1' marks the active one. */
export type Gateway = contracts.account.Gateway;

export const gatewaysQuery = queryOptions({
  queryKey: ['gateways'],
  queryFn: async () => (await callEndpoint(contracts.account.paymentGateways)).data ?? [],
});

export function useGateways() {
  return useQuery(gatewaysQuery);
}
