import type * as accountApi from '@nzeta/domain/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

/** A payment gateway (SPEC §3): its numeric id; '1' marks the active one. */
export type Gateway = accountApi.Gateway;

export const gatewaysQuery = queryOptions({
  queryKey: queryKeys.settings.gateways,
  queryFn: async () =>
    (await callEndpoint<typeof accountApi.paymentGateways>('GET', '/admin/payment-gateways')).data ?? [],
});

export function useGateways() {
  return useQuery(gatewaysQuery);
}
