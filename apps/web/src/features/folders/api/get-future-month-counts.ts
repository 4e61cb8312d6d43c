import { contracts } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { ordersKeys } from './get-folder-orders';

export const futureMonthCountsQuery = queryOptions({
  queryKey: ordersKeys.futureMonths,
  queryFn: async () => (await callEndpoint(contracts.orders.futureMonthCounts)).data ?? [],
});

export function useFutureMonthCounts() {
  return useQuery(futureMonthCountsQuery);
}
