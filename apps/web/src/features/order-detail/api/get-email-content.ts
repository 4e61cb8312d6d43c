import { contracts } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';

export const emailContentQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['email-content', orderId],
    queryFn: () => fetchData(contracts.orderDetail.emailContent, { params: { orderId: String(orderId) } }),
  });

export function useEmailContent(orderId: number) {
  return useQuery(emailContentQuery(orderId));
}
