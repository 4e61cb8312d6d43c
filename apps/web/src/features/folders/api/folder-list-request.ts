import type { FolderKey, Month, SortDirection, SortKey, Status } from '@nzeta/domain';
import { STATUSES } from '@nzeta/domain/statuses';
import { parsePageSize } from '../../../components/ui/page-size-select';
import type { FolderListRequest } from './get-folder-orders';

// The server's SORT_KEYS; spelled out so the folder screens need no extra chunk (170 KB budget).
export const SORT_KEYS: readonly SortKey[] = ['id', 'name', 'email', 'date', 'status', 'sla'];

export function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/**
 * The list request a folder's URL asks for (?page=2&size=25&q=smith&sort=date&dir=desc): the
 * screen and the route loader read it alike, so the loader's prefetch is the screen's query.
 */
export function folderListRequest(
  folder: FolderKey,
  params: URLSearchParams,
  savedSize: string,
  /** the Future Order month screen's own month (a prop there, not the URL's) */
  month?: Month,
): FolderListRequest {
  return {
    folder,
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    size: parsePageSize(params.get('size') ?? savedSize),
    search: (params.get('q') ?? '').trim(),
    month,
    sort: oneOf(SORT_KEYS, params.get('sort')),
    dir: oneOf(['asc', 'desc'] as const satisfies readonly SortDirection[], params.get('dir')),
    status: folder === 'allOrder' ? oneOf<Status>(STATUSES, params.get('status')) : undefined,
  };
}
