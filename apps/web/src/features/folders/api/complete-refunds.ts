import { apiRequest } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { FOLDER_CHANGED } from './restore-orders';

/** Refunded it (SPEC §4): dates the refunds and e-mails the customers. */
export function completeRefunds(orderIds: number[]) {
  return apiRequest('PUT', 'admin/move-to-complete-refund', { body: { orderId: orderIds } });
}

export function useCompleteRefunds() {
  return useApiMutation({ request: completeRefunds, invalidate: FOLDER_CHANGED, invalidateOnRefusal: true });
}
