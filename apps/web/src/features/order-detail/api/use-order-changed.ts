import { queryKeys } from '../../../lib/query-keys';

/** After a change to an order: its detail, the folder lists and the menu counts are stale. */
export const ORDER_CHANGED = [queryKeys.orders.all, queryKeys.folderCounts.all] as const;
