import type { MonthCount } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { ordersKeys } from './get-folder-orders';

export const futureMonthCountsQuery = queryOptions({
  queryKey: ordersKeys.futureMonths,
  queryFn: async () => (await apiCall<MonthCount[]>('GET', 'admin/get-future-order-count')).data ?? [],
});

export function useFutureMonthCounts() {
  return useQuery(futureMonthCountsQuery);
}
