import type { Status } from '@nzeta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { folderCountsQuery } from './get-folder-counts';
import { ordersKeys } from './get-folder-orders';

export function changeOrderStatus(orderIds: number[], updatingStatus: Status) {
  return apiRequest('PUT', 'admin/change-order-status', { body: { orderId: orderIds, updatingStatus } });
}

/** Bulk and row Delete send status Deleted without the permanent flag: a soft delete (SPEC §4). */
export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, status }: { orderIds: number[]; status: Status }) => changeOrderStatus(orderIds, status),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      queryClient.invalidateQueries({ queryKey: folderCountsQuery.queryKey });
    },
  });
}
