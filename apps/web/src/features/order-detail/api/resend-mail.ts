import type { ResendViaFallbackInput, resendMailInput } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { useOrderChanged } from './use-order-changed';

export function resendMail(input: z.input<typeof resendMailInput>) {
  return apiCall('POST', 'admin/resend-mail', { body: input });
}

export function useResendMail() {
  const onChanged = useOrderChanged();
  return useMutation({ mutationFn: resendMail, onSuccess: onChanged });
}

/** Re-sends a refused approval e-mail through the other provider (Email History's one click). */
export function resendViaFallback(
  input: Omit<ResendViaFallbackInput, 'confirmComplained'> & { confirmComplained?: boolean },
) {
  return apiCall('POST', 'admin/resend-mail-fallback', { body: input });
}

export function useResendViaFallback() {
  const onChanged = useOrderChanged();
  return useMutation({ mutationFn: resendViaFallback, onSuccess: onChanged });
}
