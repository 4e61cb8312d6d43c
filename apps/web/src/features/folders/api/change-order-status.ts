import type { Status } from '@nzeta/domain';
import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { FOLDER_CHANGED } from './restore-orders';

export function changeOrderStatus(orderIds: number[], updatingStatus: Status) {
  return sendEndpoint<typeof ordersApi.changeOrderStatus>('PUT', '/admin/change-order-status', {
    body: { orderId: orderIds, updatingStatus },
  });
}

/** Bulk and row Delete send status Deleted without the permanent flag: a soft delete (SPEC §4). */
export function useChangeOrderStatus() {
  return useApiMutation({
    request: ({ orderIds, status }: { orderIds: number[]; status: Status }) => changeOrderStatus(orderIds, status),
    invalidate: FOLDER_CHANGED,
    invalidateOnRefusal: true,
  });
}
