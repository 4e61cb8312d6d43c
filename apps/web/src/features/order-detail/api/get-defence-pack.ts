import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadEndpoint, fetchData } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type PackType = 1 | 2;

export const defencePackQuery = (orderId: number, defencePackType: PackType) =>
  queryOptions({
    queryKey: queryKeys.order.defencePack(orderId, defencePackType),
    queryFn: () =>
      fetchData<typeof orderDetailApi.defencePackDetails>('POST', '/admin/defence-pack-details', {
        body: { orderId, defencePackType },
      }),
    staleTime: 0,
  });

export function useDefencePackDetails(orderId: number, defencePackType: PackType) {
  return useQuery(defencePackQuery(orderId, defencePackType));
}

/** POST /admin/get-defence-pack-pdf: the server-made PDF as a blob. */
export function getDefencePackPdf(input: { orderId: number; defencePackType: PackType }): Promise<Blob> {
  return downloadEndpoint<typeof orderDetailApi.defencePackPdf>('POST', '/admin/get-defence-pack-pdf', { body: input });
}

export function useDefencePackPdf() {
  // A refused PDF is toasted; the caller closes the window it opened.
  return useApiMutation({ request: getDefencePackPdf, toast: 'errors' });
}
