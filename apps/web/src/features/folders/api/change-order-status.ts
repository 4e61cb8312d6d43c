import type { Status } from '@nzeta/domain';
import { apiRequest } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { FOLDER_CHANGED } from './restore-orders';

export function changeOrderStatus(orderIds: number[], updatingStatus: Status) {
  return apiRequest('PUT', 'admin/change-order-status', { body: { orderId: orderIds, updatingStatus } });
}

/** Bulk and row Delete send status Deleted without the permanent flag: a soft delete (SPEC §4). */
export function useChangeOrderStatus() {
  return useApiMutation({
    request: ({ orderIds, status }: { orderIds: number[]; status: Status }) => changeOrderStatus(orderIds, status),
    invalidate: FOLDER_CHANGED,
    invalidateOnRefusal: true,
  });
}
