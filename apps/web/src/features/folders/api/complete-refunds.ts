import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { FOLDER_CHANGED } from './restore-orders';

/** Refunded it (SPEC §4): dates the refunds and e-mails the customers. */
export function completeRefunds(orderIds: number[]) {
  return sendEndpoint<typeof ordersApi.completeRefunds>('PUT', '/admin/move-to-complete-refund', {
    body: { orderId: orderIds },
  });
}

export function useCompleteRefunds() {
  return useApiMutation({ request: completeRefunds, invalidate: FOLDER_CHANGED, invalidateOnRefusal: true });
}
