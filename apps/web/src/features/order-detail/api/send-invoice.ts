import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /admin/send-invoice: the envelope, whatever its status (SPEC §8 toasts both). */
export function sendInvoice(input: { orderId: string }) {
  return apiRequest('POST', 'admin/send-invoice', { body: input });
}

export function useSendInvoice() {
  return useMutation({ mutationFn: sendInvoice });
}
