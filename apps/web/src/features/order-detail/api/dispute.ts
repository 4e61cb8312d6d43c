import type { DisputeInput } from '@nzeta/domain';
import type * as disputesApi from '@nzeta/domain/contracts/disputes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint, fetchData } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';
import { type MutationToast, useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

/** Under ['orders']: a pushed order change refreshes the panel too. */
export const disputeQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.dispute(orderId),
    queryFn: () =>
      fetchData<typeof disputesApi.dispute>('GET', '/admin/orders/:orderId/dispute', { params: { orderId } }),
  });

export function useDispute(orderId: number) {
  return useQuery(disputeQuery(orderId));
}

export const chargebackEvidenceQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.disputeEvidence(orderId),
    queryFn: () =>
      fetchData<typeof disputesApi.disputeEvidence>('GET', '/admin/orders/:orderId/dispute/evidence', {
        params: { orderId },
      }),
  });

export function useChargebackEvidence(orderId: number) {
  return useQuery(chargebackEvidenceQuery(orderId));
}

/** PUT /admin/orders/{orderId}/dispute */
export function saveDispute({ orderId, values }: { orderId: number; values: DisputeInput }) {
  return callEndpoint<typeof disputesApi.saveDispute>('PUT', '/admin/orders/:orderId/dispute', {
    params: { orderId },
    body: values,
  });
}

export function useSaveDispute(toast: MutationToast = 'both') {
  return useApiMutation({ request: saveDispute, invalidate: ORDER_CHANGED, toast });
}

/** GET /admin/orders/{orderId}/dispute/evidence.pdf: the one file for the card network. */
export function getEvidenceBundle(orderId: number): Promise<Blob> {
  return downloadEndpoint<typeof disputesApi.disputeEvidencePdf>('GET', '/admin/orders/:orderId/dispute/evidence.pdf', {
    params: { orderId },
  });
}
