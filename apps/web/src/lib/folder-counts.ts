import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from './api/endpoints';
import { seenQuery } from './live-changes';
import { queryKeys } from './query-keys';

/**
 * The folder counts (SPEC §3): the menu, the folder headers and the dashboard's Completed tile
 * share this one query. A read after an event names the change it follows (`?seen=`).
 */
export const folderCountsQuery = queryOptions({
  queryKey: queryKeys.folderCounts.all,
  queryFn: () => fetchData<typeof ordersApi.folderCount>('GET', '/admin/get-folder-count', { query: seenQuery() }),
});
