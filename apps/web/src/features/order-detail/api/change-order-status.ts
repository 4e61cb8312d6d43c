import type { Status } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useOrderChanged } from './use-order-changed';

export interface ChangeStatusInput {
  orderId: number;
  updatingStatus: Status;
  /** Admin only: erase the order's personal data with the delete */
  permanentDeletedFlag?: boolean;
}

/** PUT /admin/change-order-status with the detail page's body {orderId, updatingStatus} (SPEC §7). */
export function changeOrderStatus(input: ChangeStatusInput) {
  return apiCall('PUT', 'admin/change-order-status', { body: input });
}

export function useChangeOrderStatus() {
  const onChanged = useOrderChanged();
  return useMutation({ mutationFn: changeOrderStatus, onSuccess: onChanged });
}
