import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useOrderChanged } from './use-order-changed';

/** PUT /admin/restore-orders: a Deleted order back to the status it had (Admin, Manager). */
export function useRestoreOrder() {
  const onChanged = useOrderChanged();
  return useMutation({
    mutationFn: (orderId: number) => apiCall('PUT', 'admin/restore-orders', { body: { orderId: [orderId] } }),
    onSuccess: onChanged,
  });
}

/** PUT /admin/assign-order-status with assignto null: the claim goes back to the shared folders. */
export function useReleaseOrder() {
  const onChanged = useOrderChanged();
  return useMutation({
    mutationFn: (orderId: number) =>
      apiCall('PUT', 'admin/assign-order-status', { body: { orderId: [orderId], assignto: null } }),
    onSuccess: onChanged,
  });
}
