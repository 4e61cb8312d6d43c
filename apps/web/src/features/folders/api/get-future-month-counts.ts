import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { ordersKeys } from './get-folder-orders';

export const futureMonthCountsQuery = queryOptions({
  queryKey: ordersKeys.futureMonths,
  queryFn: async () =>
    (await callEndpoint<typeof ordersApi.futureMonthCounts>('GET', '/admin/get-future-order-count')).data ?? [],
});

export function useFutureMonthCounts() {
  return useQuery(futureMonthCountsQuery);
}
