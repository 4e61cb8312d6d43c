import type { TrackOrderInput } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import { type ApiEnvelope, apiRequest } from '../../../lib/api-client';

export interface TrackOrderData {
  token: string;
  orderId: number;
}

/** POST /front/track-order: the whole envelope, since any status is shown as a toast (SPEC §4). */
export function trackOrder(input: TrackOrderInput): Promise<ApiEnvelope<TrackOrderData>> {
  return apiRequest<TrackOrderData>('POST', 'front/track-order', { body: input, token: null });
}

export function useTrackOrder() {
  return useMutation({ mutationFn: trackOrder });
}
