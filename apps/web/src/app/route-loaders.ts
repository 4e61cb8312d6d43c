import { decodeId, type FolderKey } from '@nzeta/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { readPref } from '../lib/member-prefs';
import { queryClient } from '../lib/query-client';
import { readSession, userFromToken } from '../lib/session';

/**
 * Route loaders start the screen's main query while its code is still loading. They never wait
 * for it (the screen shows its own loading state and errors), and fetch nothing when signed out.
 */
export function orderDetailLoader({ params }: LoaderFunctionArgs): null {
  const orderId = decodeId(params.encodedOrderId ?? '');
  if (orderId === undefined || !readSession()) return null;
  void import('../features/order-detail/api/get-order-detail').then(({ orderDetailQuery }) =>
    queryClient.prefetchQuery(orderDetailQuery(orderId)),
  );
  return null;
}

export function folderListLoader(folder: FolderKey) {
  return ({ request }: LoaderFunctionArgs): null => {
    const session = readSession();
    if (!session) return null;
    const memberId = userFromToken(session.accessToken)?.id;
    const params = new URL(request.url).searchParams;
    const savedSize = readPref<string>(memberId, 'page-size', '10');
    void Promise.all([
      import('../features/folders/api/get-folder-orders'),
      import('../features/folders/api/folder-list-request'),
    ]).then(([{ folderOrdersQuery }, { folderListRequest }]) =>
      queryClient.prefetchQuery(folderOrdersQuery(folderListRequest(folder, params, savedSize))),
    );
    return null;
  };
}
