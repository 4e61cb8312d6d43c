import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { folderCountsQuery } from './get-folder-counts';
import { ordersKeys } from './get-folder-orders';

/** Restore: Deleted orders back to the status each had before (Admin, Manager). */
export function restoreOrders(orderIds: number[]) {
  return apiRequest('PUT', 'admin/restore-orders', { body: { orderId: orderIds } });
}

export function useRestoreOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreOrders,
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      queryClient.invalidateQueries({ queryKey: folderCountsQuery.queryKey });
    },
  });
}
