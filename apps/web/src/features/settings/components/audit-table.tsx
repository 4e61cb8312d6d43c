import { formatDateTimeZoned } from '@nzeta/domain';
import { QueryStateRows } from '../../../components/ui/query-state-rows';
import { TableHead } from '../../../components/ui/table-head';
import { useAppConfig } from '../../../lib/app-config';
import { type AuditEntry, type AuditFilters, useAuditEntries } from '../api/get-audit-entries';

const COLUMNS = ['Date & Time', 'Member', 'Action', 'Target', 'Outcome', 'IP Address', 'Details'];
const OUTCOME_CLASS: Record<AuditEntry['outcome'], string> = {
  ok: 'text-bg-success',
  denied: 'text-bg-warning',
  failed: 'text-bg-danger',
};

function describe(detail: AuditEntry['detail']): string {
  if (!detail) return '';
  return Object.entries(detail)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join(', ');
}

interface AuditTableProps {
  filters: AuditFilters;
  onPage(page: number): void;
  onPerPage(perPage: number): void;
}

export function AuditTable({ filters, onPage, onPerPage }: AuditTableProps) {
  const { businessTimeZone } = useAppConfig();
  const entries = useAuditEntries(filters);
  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.perPage));

  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm align-middle audit-table">
          <TableHead columns={COLUMNS} />
          <tbody>
            <QueryStateRows query={entries} isEmpty={entries.data?.rows.length === 0} colSpan={COLUMNS.length} />
            {entries.data?.rows.map((entry) => (
              <tr key={entry.id}>
                <td className="text-nowrap">{formatDateTimeZoned(entry.at, businessTimeZone)}</td>
                <td>{entry.actorName ?? '-'}</td>
                <td className="text-nowrap">{entry.action}</td>
                <td>{entry.target ?? '-'}</td>
                <td>
                  <span className={`badge ${OUTCOME_CLASS[entry.outcome] ?? 'text-bg-light'}`}>{entry.outcome}</span>
                </td>
                <td>{entry.ip ?? '-'}</td>
                <td className="audit-detail">{describe(entry.detail) || '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="audit-pager">
        <span className="text-muted small">
          {total.toLocaleString()} {total === 1 ? 'entry' : 'entries'} · page {filters.page} of {pages}
        </span>
        <div className="audit-pager-controls">
          <label className="visually-hidden" htmlFor="audit-per-page">
            Rows per page
          </label>
          <select
            id="audit-per-page"
            className="form-select form-select-sm"
            value={filters.perPage}
            onChange={(event) => onPerPage(Number(event.target.value))}
          >
            {[25, 50, 100].map((size) => (
              <option key={size} value={size}>
                {size} / page
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={filters.page <= 1}
            onClick={() => onPage(filters.page - 1)}
          >
            Previous
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={filters.page >= pages}
            onClick={() => onPage(filters.page + 1)}
          >
            Next
          </button>
        </div>
      </div>
    </>
  );
}
