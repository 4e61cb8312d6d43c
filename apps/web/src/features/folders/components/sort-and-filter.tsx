import { type FolderKey, folderOf } from '@nzeta/domain/folders';
import { STATUSES, type Status, statusLabel } from '@nzeta/domain/statuses';
import type { ListUrlState } from '../hooks/use-list-url-state';

/** The status filter (Order History) and, where orders run on a clock, the "Breaching soon" sort. */
export function SortAndFilter({ folder, url }: { folder: FolderKey; url: ListUrlState }) {
  const isBySla = url.sort === 'sla';
  const { clocked, statusFilter } = folderOf(folder);
  return (
    <>
      {statusFilter && (
        <label className="status-filter d-flex align-items-center gap-2 mb-0">
          <span className="text-muted small text-nowrap">Status</span>
          <select
            className="form-select form-select-sm"
            value={url.status ?? ''}
            onChange={(event) => url.setStatus((event.target.value || undefined) as Status | undefined)}
          >
            <option value="">All statuses</option>
            {STATUSES.filter((status) => status !== 'Deleted').map((status) => (
              <option key={status} value={status}>
                {status === 'Refunds' ? 'Refunds' : statusLabel(status)}
              </option>
            ))}
          </select>
        </label>
      )}
      {clocked && (
        <button
          type="button"
          className={`btn btn-sm ${isBySla ? 'btn-primary' : 'btn-outline-secondary'} breaching-toggle`}
          aria-pressed={isBySla}
          onClick={() => url.setSort(isBySla ? undefined : 'sla', isBySla ? undefined : 'asc')}
        >
          Breaching soon
        </button>
      )}
    </>
  );
}
