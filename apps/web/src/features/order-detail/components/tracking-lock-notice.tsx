import { formatDateTimeZoned } from '@nzeta/domain';
import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { useQuery } from '@tanstack/react-query';
import { fetchData, sendEndpoint } from '../../../lib/api/endpoints';
import { useAppConfig } from '../../../lib/app-config';
import { queryKeys } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

const trackLockKey = queryKeys.order.trackLock;

/**
 * Wrong e-mails typed on the customer's order page, from every address: shown when there are
 * any, with a button that lets the customer look the order up again (a support call).
 * Self-contained: the page only places it.
 */
export function TrackingLockNotice({ orderId }: { orderId: number }) {
  const { businessTimeZone } = useAppConfig();
  const lock = useQuery({
    queryKey: trackLockKey(orderId),
    queryFn: () =>
      fetchData<typeof orderDetailApi.trackLock>('GET', '/admin/track-lock/:orderId', {
        params: { orderId: String(orderId) },
      }),
  });
  const clear = useApiMutation({
    request: () =>
      sendEndpoint<typeof orderDetailApi.clearTrackLock>('DELETE', '/admin/track-lock/:orderId', {
        params: { orderId: String(orderId) },
      }),
    invalidate: [trackLockKey(orderId)],
    invalidateOnRefusal: true,
  });
  if (!lock.data || lock.data.failures === 0) return null;
  const until = lock.data.until ? formatDateTimeZoned(lock.data.until, businessTimeZone) : '';
  return (
    <div className={`alert ${lock.data.locked ? 'alert-danger' : 'alert-warning'} d-flex align-items-center gap-3`}>
      <span className="flex-grow-1">
        {lock.data.locked
          ? `The customer's order page is locked until ${until}`
          : 'The customer’s order page has seen wrong e-mail guesses'}{' '}
        ({lock.data.failures} in the last hour).
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-dark"
        disabled={clear.isPending}
        onClick={() => clear.mutate()}
      >
        Clear lock
      </button>
    </div>
  );
}
