import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Restore: Deleted orders back to the status each had before (Admin, Manager). */
export function restoreOrders(orderIds: number[]) {
  return sendEndpoint<typeof ordersApi.restoreOrders>('PUT', '/admin/restore-orders', { body: { orderId: orderIds } });
}

export function useRestoreOrders() {
  return useApiMutation({ request: restoreOrders, invalidate: FOLDER_CHANGED, invalidateOnRefusal: true });
}

/** A bulk action changes the lists and the menu counts, even when it did only part of the selection. */
export const FOLDER_CHANGED = [queryKeys.orders.all, queryKeys.folderCounts.all];
