import type { ResendMailInput } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useOrderChanged } from './use-order-changed';

export function resendMail(input: ResendMailInput) {
  return apiCall('POST', 'admin/resend-mail', { body: input });
}

export function useResendMail() {
  const onChanged = useOrderChanged();
  return useMutation({ mutationFn: resendMail, onSuccess: onChanged });
}
