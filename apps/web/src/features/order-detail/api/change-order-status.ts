import type { Status } from '@nzeta/domain';
import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { type MutationToast, useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

export interface ChangeStatusInput {
  orderId: number;
  updatingStatus: Status;
  /** Admin only: erase the order's personal data with the delete */
  permanentDeletedFlag?: boolean;
}

/** PUT /admin/change-order-status with the detail page's body {orderId, updatingStatus} (SPEC §7). */
export function changeOrderStatus(input: ChangeStatusInput) {
  return sendEndpoint<typeof ordersApi.changeOrderStatus>('PUT', '/admin/change-order-status', { body: input });
}

export function useChangeOrderStatus(toast: MutationToast = 'both') {
  return useApiMutation({ request: changeOrderStatus, invalidate: ORDER_CHANGED, toast });
}
