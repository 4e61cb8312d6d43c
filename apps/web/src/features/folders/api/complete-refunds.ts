import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { folderCountsQuery } from './get-folder-counts';
import { ordersKeys } from './get-folder-orders';

/** Refunded it (SPEC §4): dates the refunds and e-mails the customers. */
export function completeRefunds(orderIds: number[]) {
  return apiRequest('PUT', 'admin/move-to-complete-refund', { body: { orderId: orderIds } });
}

export function useCompleteRefunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeRefunds,
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      queryClient.invalidateQueries({ queryKey: folderCountsQuery.queryKey });
    },
  });
}
