import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /admin/send-invoice: the envelope, whatever its status (SPEC §8 toasts both). */
export function sendInvoice(input: { orderId: string }) {
  return sendEndpoint<typeof orderDetailApi.sendInvoice>('POST', '/admin/send-invoice', { body: input });
}

export function useSendInvoice() {
  return useApiMutation({ request: sendInvoice });
}
