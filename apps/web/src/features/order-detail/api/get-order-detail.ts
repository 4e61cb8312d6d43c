import type { OrderDetail } from '@nzeta/domain';
import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

/** Under ['orders'], so every order change pushed by the server refreshes the open detail too. */
export const orderDetailKey = queryKeys.orders.detail;

export async function getOrderDetail(orderId: number): Promise<OrderDetail> {
  return fetchData<typeof orderDetailApi.orderDetail>('GET', '/admin/get-orders-details/:orderId', {
    params: { orderId: String(orderId) },
  });
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
