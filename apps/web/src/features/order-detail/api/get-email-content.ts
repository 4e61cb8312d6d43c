import type { EmailContent } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const emailContentQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.order.emailContent(orderId),
    queryFn: async () => (await apiCall<EmailContent>('GET', `admin/email-content/${orderId}`)).data as EmailContent,
  });

export function useEmailContent(orderId: number) {
  return useQuery(emailContentQuery(orderId));
}
