import type { TrackOrderInput } from '@nzeta/domain';
import type * as publicContractsApi from '@nzeta/domain/contracts/public';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type TrackOrderData = publicContractsApi.TrackOrderData;

/** POST /front/track-order: the whole envelope, since any status is shown as a toast (SPEC §4). */
export function trackOrder(input: TrackOrderInput) {
  return sendEndpoint<typeof publicContractsApi.trackOrder>(
    'POST',
    '/front/track-order',
    { body: input },
    { token: null },
  );
}

/** The screen words both outcomes (visitor toasts stay until closed). */
export function useTrackOrder() {
  return useApiMutation({ request: trackOrder, toast: false });
}
