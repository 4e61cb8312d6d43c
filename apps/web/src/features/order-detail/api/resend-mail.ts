import type { ResendViaFallbackInput, resendMailInput } from '@nzeta/domain';
import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import type { z } from 'zod';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { type MutationToast, useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

export function resendMail(input: z.input<typeof resendMailInput>) {
  return sendEndpoint<typeof orderDetailApi.resendMail>('POST', '/admin/resend-mail', { body: input });
}

/** `toast: false` where a refusal may need the member's confirmation first (useComplaintConfirmation). */
export function useResendMail(toast: MutationToast = 'both') {
  return useApiMutation({ request: resendMail, invalidate: ORDER_CHANGED, toast });
}

/** Re-sends a refused approval e-mail through the other provider (Email History's one click). */
export function resendViaFallback(
  input: Omit<ResendViaFallbackInput, 'confirmComplained'> & { confirmComplained?: boolean },
) {
  return sendEndpoint<typeof orderDetailApi.resendMailFallback>('POST', '/admin/resend-mail-fallback', { body: input });
}

export function useResendViaFallback() {
  return useApiMutation({ request: resendViaFallback, invalidate: ORDER_CHANGED, toast: false });
}
