import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { type MutationToast, useApiMutation } from '../../../lib/use-api-mutation';
import { FOLDER_CHANGED } from './restore-orders';

/**
 * Assign to me (a name) or back to the original folder (null). The server always assigns to the
 * signed-in member; the name is sent because the spec's payload carries it.
 */
export function assignOrders(orderIds: number[], assignto: string | null) {
  return sendEndpoint<typeof ordersApi.assignOrders>('PUT', '/admin/assign-order-status', {
    body: { orderId: orderIds, assignto },
  });
}

export function useAssignOrders(toast: MutationToast = 'both') {
  return useApiMutation({
    request: ({ orderIds, assignto }: { orderIds: number[]; assignto: string | null }) =>
      assignOrders(orderIds, assignto),
    invalidate: FOLDER_CHANGED,
    invalidateOnRefusal: true,
    toast,
  });
}
