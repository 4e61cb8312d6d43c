import type { FolderKey, Month } from '@nzeta/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../../components/ui/icon';
import { useExportOrders } from '../api/export-orders';
import { folderCountsQuery } from '../api/get-folder-counts';

export interface FolderHeaderProps {
  title: string;
  subtitle?: string | undefined;
  total: number | undefined;
  folder: FolderKey;
  month?: Month | undefined;
  search: string;
  isFetching: boolean;
  onRefresh(): void;
  onBack?: (() => void) | undefined;
}

/** Title, count, Refresh (reloads the list and the counts), CSV export and, for a month, Back. */
export function FolderHeader(props: FolderHeaderProps) {
  const queryClient = useQueryClient();
  const exportCsv = useExportOrders();
  const refresh = () => {
    props.onRefresh();
    queryClient.invalidateQueries({ queryKey: folderCountsQuery.queryKey });
  };
  const download = () => exportCsv.mutate({ folder: props.folder, search: props.search, month: props.month });

  return (
    <div className="page-header folder-header">
      <div className="folder-heading">
        {props.onBack && (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={props.onBack}>
            ← Back
          </button>
        )}
        <h1 id="folder-title">
          {props.title}
          {props.subtitle && <span className="folder-subtitle"> · {props.subtitle}</span>}
        </h1>
        {props.total !== undefined && (
          <span className="folder-total" title="Orders in this list">
            {props.total.toLocaleString()}
          </span>
        )}
      </div>
      <div className="folder-header-actions">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={download}
          disabled={exportCsv.isPending}
          title="Download this list as CSV"
        >
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
        <button type="button" className="btn btn-sm btn-outline-primary refresh-button" onClick={refresh}>
          <Icon name="refresh" size={16} className={props.isFetching ? 'spin' : undefined} />
          Refresh
        </button>
      </div>
    </div>
  );
}
