import type { EmailContent } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const emailContentQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['email-content', orderId],
    queryFn: async () => (await apiCall<EmailContent>('GET', `admin/email-content/${orderId}`)).data as EmailContent,
  });

export function useEmailContent(orderId: number) {
  return useQuery(emailContentQuery(orderId));
}
