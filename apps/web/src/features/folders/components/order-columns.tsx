import { type DisplayRow, disputeStateLabel, type FolderOrderRow, toDisplayRow, zoneLabel } from '@nzeta/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { selectionColumn } from '../../../components/data-table/selection-column';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';
import { Icon } from '../../../components/ui/icon';
import { SlaBadge } from '../../../components/ui/sla-badge';
import { paths } from '../../../config/paths';
import type { ColumnKey } from '../folder-screens';
import { StatusBadge } from './status-badge';

// Rows are formatted when first drawn, once: with 'All' only the rows on screen ever are.
const displayCache = new WeakMap<FolderOrderRow, { tz: string; shown: DisplayRow }>();
export function displayOf(row: FolderOrderRow, timeZone: string): DisplayRow {
  const cached = displayCache.get(row);
  if (cached?.tz === timeZone) return cached.shown;
  const shown = toDisplayRow(row, timeZone);
  displayCache.set(row, { tz: timeZone, shown });
  return shown;
}

export interface ColumnOptions {
  keys: readonly ColumnKey[];
  timeZone: string;
  isSelectable: boolean;
  /** the spec spells it 'Order ID' and 'Actions' on the Future table */
  isFuture?: boolean;
  onDelete?: ((row: FolderOrderRow) => void) | undefined;
}

type Column = ColumnDef<FolderOrderRow>;

function textColumn(
  id: ColumnKey,
  header: string,
  pick: (shown: DisplayRow) => string,
  tz: string,
  sortKey?: string,
): Column {
  return {
    id,
    header,
    meta: { className: `col-${id}`, sortKey },
    cell: ({ row }) => pick(displayOf(row.original, tz)),
  };
}

function actionColumn(header: string, tz: string, onDelete: ColumnOptions['onDelete']): Column {
  return {
    id: 'action',
    header,
    meta: { className: 'col-action' },
    cell: ({ row }) => {
      const shown = displayOf(row.original, tz);
      // A claim matters while the order is New: there View is greyed, still a working link, and
      // the claimant's name follows the buttons (SPEC §4). Finished orders always read View.
      const claimedBy = row.original.process_status === 'New' ? shown.assign_to : null;
      return (
        <div className="row-actions">
          <Link
            to={paths.admin.viewOrder(shown.id)}
            className={`btn btn-sm ${claimedBy ? 'btn-secondary view-assigned' : 'btn-primary'}`}
            aria-label={claimedBy ? `View order ${shown.id}, claimed by ${claimedBy}` : `View order ${shown.id}`}
            onClick={(event) => event.stopPropagation()}
          >
            View
          </Link>
          {onDelete && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger btn-icon"
              aria-label={`Delete order ${shown.id}`}
              title="Delete"
              onClick={(event) => {
                event.stopPropagation();
                onDelete(row.original);
              }}
            >
              <Icon name="trash" size={16} />
            </button>
          )}
          {/* After the buttons, so View and Delete line up in every row. */}
          {claimedBy && (
            <span className="claimed-by" title={`Claimed by ${claimedBy}`}>
              <span className="claimed-initials" aria-hidden="true">
                {initialsOf(claimedBy)}
              </span>
              <span className="claimed-name">{claimedBy}</span>
            </span>
          )}
        </div>
      );
    },
  };
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The folder's columns, in the order of SPEC §2.5, formatted by the display rules of §3. */
export function orderColumns({ keys, timeZone: tz, isSelectable, isFuture, onDelete }: ColumnOptions): Column[] {
  const byKey: Record<ColumnKey, () => Column> = {
    id: () => ({
      id: 'id',
      header: isFuture ? 'Order ID' : 'Order Id',
      meta: { className: 'col-id', sortKey: 'id' },
      cell: ({ row }) => (
        <Link
          to={paths.admin.viewOrder(row.original.order_id)}
          className="order-id"
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.order_id}
        </Link>
      ),
    }),
    name: () => textColumn('name', 'Name', (s) => s.name, tz, 'name'),
    email: () => ({
      id: 'email',
      header: 'Email',
      meta: { className: 'col-email', sortKey: 'email' },
      cell: ({ row }) => {
        const email = displayOf(row.original, tz).email;
        // Long addresses are cut with an ellipsis; the whole address is in the tooltip.
        return (
          <span className="cell-ellipsis" title={email}>
            {email}
          </span>
        );
      },
    }),
    telephone: () => textColumn('telephone', 'Telephone', (s) => s.telephone, tz),
    date: () => ({
      id: 'date',
      header: 'Date & Time',
      meta: { className: 'col-date', sortKey: 'date' },
      cell: ({ row }) => (
        <span className="text-nowrap">
          {displayOf(row.original, tz).date}
          <span className="zone-label">{zoneLabel(tz, row.original.created_at ?? undefined)}</span>
        </span>
      ),
    }),
    refundDate: () => textColumn('refundDate', 'Refund Date', (s) => s.refundDate, tz),
    processDate: () => textColumn('processDate', 'Processing Date', (s) => s.processDate, tz),
    processMonth: () => textColumn('processMonth', 'Process Month', (s) => s.processMonth, tz),
    status: () => ({
      id: 'status',
      header: 'Status',
      meta: { className: 'col-status', sortKey: 'status' },
      cell: ({ row }) => (
        <span className="status-cell">
          <StatusBadge status={row.original.process_status} label={displayOf(row.original, tz).status} />
          <SlaBadge dueAt={row.original.sla_due_at} />
        </span>
      ),
    }),
    respondBy: () => ({
      id: 'respondBy',
      header: 'Respond By',
      meta: { className: 'col-respond-by' },
      cell: ({ row }) => (
        <span className="respond-by">
          <span className="me-2">{row.original.respond_by ?? '-'}</span>
          <DeadlineBadge respondBy={row.original.respond_by} />
        </span>
      ),
    }),
    disputeState: () => ({
      id: 'disputeState',
      header: 'Dispute',
      meta: { className: 'col-dispute-state' },
      cell: ({ row }) => disputeStateLabel(row.original.dispute_state),
    }),
    action: () => actionColumn(isFuture ? 'Actions' : 'Action', tz, onDelete),
  };
  const columns = keys.map((key) => byKey[key]());
  return isSelectable
    ? [selectionColumn<FolderOrderRow>((row) => `order ${row.original.order_id}`), ...columns]
    : columns;
}
