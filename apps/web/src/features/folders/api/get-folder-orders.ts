import {
  type FolderKey,
  type FolderOrderRow,
  MAX_PAGE_SIZE,
  type Month,
  type SortDirection,
  type SortKey,
  type Status,
} from '@nzeta/domain';
import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageSize } from '../../../components/ui/page-size-select';
import { type AnswerOf, callEndpoint } from '../../../lib/api/endpoints';
import { seenQuery } from '../../../lib/live-changes';
import { queryKeys } from '../../../lib/query-keys';

export interface FolderListRequest {
  folder: FolderKey;
  page: number;
  size: PageSize;
  search: string;
  month?: Month | undefined;
  sort?: SortKey | undefined;
  dir?: SortDirection | undefined;
  status?: Status | undefined;
}

export interface FolderListResult {
  rows: FolderOrderRow[];
  total: number;
  totalCapped: boolean;
}

/** Every list query lives under 'orders': a change pushed by the server refetches them all. */
export const ordersKeys = {
  all: queryKeys.orders.all,
  list: (request: FolderListRequest) => queryKeys.orders.list(request),
  futureMonths: queryKeys.orders.futureMonths,
};

/**
 * Rows asked per request when the whole folder is shown ('All'): the server streams them in one
 * answer (a search answers in bounded chunks), and a folder larger still follows the cursor.
 */
export const ALL_CHUNK = MAX_PAGE_SIZE;

type ListEnvelope = AnswerOf<typeof ordersApi.folderList>;

function listPage(request: FolderListRequest, perPage: number, cursor: string | null, signal: AbortSignal) {
  return callEndpoint<typeof ordersApi.folderList>(
    'GET',
    '/admin/get-orders-list/:orderName',
    {
      params: { orderName: request.folder },
      query: {
        page: cursor ? undefined : request.page,
        perPage,
        month: request.month,
        search: request.search || undefined,
        cursor: cursor ?? undefined,
        sort: request.sort,
        dir: request.dir,
        status: request.status,
        ...seenQuery(),
      },
    },
    { signal },
  );
}

/** A search in a folder goes through search-order (SPEC §7); plain pages through the list call. */
function searchPage(request: FolderListRequest, perPage: number, signal: AbortSignal) {
  return callEndpoint<typeof ordersApi.searchOrders>(
    'POST',
    '/admin/search-order',
    {
      body: {
        start: request.page,
        end: perPage,
        searchVal: request.search,
        folderName: request.folder,
        sort: request.sort,
        dir: request.dir,
        status: request.status,
      },
    },
    { signal },
  );
}

/**
 * 'All' is the folder's total (SPEC §9): one streamed answer with the columns the table shows;
 * a search, or a folder past MAX_PAGE_SIZE, continues in chunks that follow the cursor.
 */
async function wholeFolder(request: FolderListRequest, signal: AbortSignal): Promise<FolderListResult> {
  const rows: FolderOrderRow[] = [];
  let cursor: string | null = null;
  let total = 0;
  let totalCapped = false;
  do {
    const answer: ListEnvelope = await listPage(request, ALL_CHUNK, cursor, signal);
    if (!cursor) {
      total = answer.total;
      totalCapped = answer.totalCapped;
    }
    rows.push(...(answer.data ?? []));
    cursor = answer.nextCursor;
  } while (cursor);
  return { rows, total: totalCapped ? total : Math.max(total, rows.length), totalCapped };
}

export async function getFolderOrders(request: FolderListRequest, signal: AbortSignal): Promise<FolderListResult> {
  if (request.size === 'all') return wholeFolder(request, signal);
  const answer =
    request.search && !request.month
      ? await searchPage(request, request.size, signal)
      : await listPage(request, request.size, null, signal);
  return { rows: answer.data ?? [], total: answer.total, totalCapped: answer.totalCapped };
}

export const folderOrdersQuery = (request: FolderListRequest) =>
  queryOptions({
    queryKey: ordersKeys.list(request),
    queryFn: ({ signal }) => getFolderOrders(request, signal),
    // The previous page stays on screen while the next one loads: no flashing table.
    placeholderData: keepPreviousData,
  });

export function useFolderOrders(request: FolderListRequest) {
  return useQuery(folderOrdersQuery(request));
}
