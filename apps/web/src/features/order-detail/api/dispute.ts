import type { ChargebackEvidence, DisputeInput, DisputeRecord } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob, apiCall, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type MutationToast, useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

/** Under ['orders']: a pushed order change refreshes the panel too. */
export const disputeQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.dispute(orderId),
    queryFn: async () => (await apiCall<DisputeRecord>('GET', `admin/orders/${orderId}/dispute`)).data as DisputeRecord,
  });

export function useDispute(orderId: number) {
  return useQuery(disputeQuery(orderId));
}

export const chargebackEvidenceQuery = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.disputeEvidence(orderId),
    queryFn: async () =>
      (await apiCall<ChargebackEvidence>('GET', `admin/orders/${orderId}/dispute/evidence`)).data as ChargebackEvidence,
  });

export function useChargebackEvidence(orderId: number) {
  return useQuery(chargebackEvidenceQuery(orderId));
}

/** PUT /admin/orders/{orderId}/dispute */
export function saveDispute({ orderId, values }: { orderId: number; values: DisputeInput }) {
  return apiRequest<DisputeRecord>('PUT', `admin/orders/${orderId}/dispute`, { body: values });
}

export function useSaveDispute(toast: MutationToast = 'both') {
  return useApiMutation({ request: saveDispute, invalidate: ORDER_CHANGED, toast });
}

/** GET /admin/orders/{orderId}/dispute/evidence.pdf: the one file for the card network. */
export function getEvidenceBundle(orderId: number): Promise<Blob> {
  return apiBlob('GET', `admin/orders/${orderId}/dispute/evidence.pdf`);
}
