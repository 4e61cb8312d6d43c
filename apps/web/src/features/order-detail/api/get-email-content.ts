import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

export const emailContentQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.order.emailContent(orderId),
    queryFn: () =>
      fetchData<typeof orderDetailApi.emailContent>('GET', '/admin/email-content/:orderId', {
        params: { orderId: String(orderId) },
      }),
  });

export function useEmailContent(orderId: number) {
  return useQuery(emailContentQuery(orderId));
}
