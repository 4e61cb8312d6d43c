import type { OrderDetail } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Under ['orders'], so every order change pushed by the server refreshes the open detail too. */
export const orderDetailKey = queryKeys.orders.detail;

export async function getOrderDetail(orderId: number): Promise<OrderDetail> {
  return (await apiCall<OrderDetail>('GET', `admin/get-orders-details/${orderId}`)).data as OrderDetail;
}

/** Mail still on its way: the page looks again until the worker has delivered it. */
export function hasMailInFlight(order: OrderDetail | undefined): boolean {
  return !!order?.mailHistory.some((mail) => mail.state === 'queued' || mail.state === 'sending');
}

export const orderDetailQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderDetailKey(orderId),
    queryFn: () => getOrderDetail(orderId),
    refetchInterval: (query) => (hasMailInFlight(query.state.data) ? 3000 : false),
  });

export function useOrderDetail(orderId: number) {
  return useQuery(orderDetailQuery(orderId));
}
