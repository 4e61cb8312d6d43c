import type { AssignOutcome } from '@nzeta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { folderCountsQuery } from './get-folder-counts';
import { ordersKeys } from './get-folder-orders';

/**
 * Assign to me (a name) or back to the original folder (null). The server always assigns to the
 * signed-in member; the name is sent because the spec's payload carries it.
 */
export function assignOrders(orderIds: number[], assignto: string | null) {
  return apiRequest<Partial<AssignOutcome> & { released?: number[] }>('PUT', 'admin/assign-order-status', {
    body: { orderId: orderIds, assignto },
  });
}

export function useAssignOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, assignto }: { orderIds: number[]; assignto: string | null }) =>
      assignOrders(orderIds, assignto),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      queryClient.invalidateQueries({ queryKey: folderCountsQuery.queryKey });
    },
  });
}
