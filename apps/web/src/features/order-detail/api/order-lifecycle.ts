import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

/** PUT /admin/restore-orders: a Deleted order back to the status it had (Admin, Manager). */
export function useRestoreOrder() {
  return useApiMutation({
    request: (orderId: number) =>
      sendEndpoint<typeof ordersApi.restoreOrders>('PUT', '/admin/restore-orders', { body: { orderId: [orderId] } }),
    invalidate: ORDER_CHANGED,
  });
}

/** PUT /admin/assign-order-status with assignto null: the claim goes back to the shared folders. */
export function useReleaseOrder() {
  return useApiMutation({
    request: (orderId: number) =>
      sendEndpoint<typeof ordersApi.assignOrders>('PUT', '/admin/assign-order-status', {
        body: { orderId: [orderId], assignto: null },
      }),
    invalidate: ORDER_CHANGED,
  });
}
