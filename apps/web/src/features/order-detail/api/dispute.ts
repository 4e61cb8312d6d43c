import type { ChargebackEvidence, DisputeInput, DisputeRecord } from '@nzeta/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiBlob, apiCall } from '../../../lib/api-client';
import { useOrderChanged } from './use-order-changed';

/** Under ['orders']: a pushed order change refreshes the panel too. */
export const disputeQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['orders', 'dispute', orderId],
    queryFn: async () => (await apiCall<DisputeRecord>('GET', `admin/orders/${orderId}/dispute`)).data as DisputeRecord,
  });

export function useDispute(orderId: number) {
  return useQuery(disputeQuery(orderId));
}

export const chargebackEvidenceQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['orders', 'dispute-evidence', orderId],
    queryFn: async () =>
      (await apiCall<ChargebackEvidence>('GET', `admin/orders/${orderId}/dispute/evidence`)).data as ChargebackEvidence,
  });

export function useChargebackEvidence(orderId: number) {
  return useQuery(chargebackEvidenceQuery(orderId));
}

/** PUT /admin/orders/{orderId}/dispute */
export function saveDispute({ orderId, values }: { orderId: number; values: DisputeInput }) {
  return apiCall<DisputeRecord>('PUT', `admin/orders/${orderId}/dispute`, { body: values });
}

export function useSaveDispute() {
  const onChanged = useOrderChanged();
  return useMutation({ mutationFn: saveDispute, onSuccess: onChanged });
}

/** GET /admin/orders/{orderId}/dispute/evidence.pdf: the one file for the card network. */
export function getEvidenceBundle(orderId: number): Promise<Blob> {
  return apiBlob('GET', `admin/orders/${orderId}/dispute/evidence.pdf`);
}
