import { type FolderKey, type FolderOrderRow, folderOf, type Month, type SortKey } from '@nzeta/domain';
import { getCoreRowModel, type RowSelectionState, useReactTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { PageSizeSelect } from '../../../components/ui/page-size-select';
import { SearchBox } from '../../../components/ui/search-box';
import { paths } from '../../../config/paths';
import { useAppConfig } from '../../../lib/app-config';
import { useAuth } from '../../../lib/auth-context';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFolderOrders } from '../api/get-folder-orders';
import { abilitiesFor, folderScreen } from '../folder-screens';
import { useAssignToMe } from '../hooks/use-assign-to-me';
import { useKeyboardTriage } from '../hooks/use-keyboard-triage';
import { useListUrlState } from '../hooks/use-list-url-state';
import { BulkActions } from './bulk-actions';
import { FolderHeader } from './folder-header';
import { KeyboardHint } from './keyboard-hint';
import { ListFooter } from './list-footer';
import { orderColumns } from './order-columns';
import { RowDelete } from './row-delete';
import { SortAndFilter } from './sort-and-filter';
import '../../../styles/folders.css';

export interface FolderListProps {
  folder: FolderKey;
  /** Future Orders: the month chosen on the tiles */
  month?: Month | undefined;
  onBack?: (() => void) | undefined;
}

/**
 * The one folder screen (SPEC §2.5), configured per folder: header with Refresh, a debounced
 * search, a paged (or, for 'All', virtualised) table with selection, the folder's bulk actions
 * and keyboard triage. Page, size and search live in the URL.
 */
export function FolderList({ folder, month, onBack }: FolderListProps) {
  const navigate = useNavigate();
  const { user, role } = useAuth();
  const { businessTimeZone } = useAppConfig();
  const url = useListUrlState();
  const screen = folderScreen(folder);
  const abilities = abilitiesFor(folder, role);

  const [draft, setDraft] = useState(url.search);
  const debounced = useDebouncedValue(draft, 500);
  const { search, setSearch } = url;
  // Only a settled keystroke writes the URL; a URL change (back button) must not loop back here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the debounced text alone, see above
  useEffect(() => {
    if (debounced !== search) setSearch(debounced);
  }, [debounced]);
  useEffect(() => setDraft(search), [search]);

  const request = {
    folder,
    page: url.page,
    size: url.size,
    search: search.trim(),
    month,
    sort: url.sort,
    dir: url.dir,
    status: folderOf(folder).statusFilter ? url.status : undefined,
  };
  const onSort = (key: string) => {
    const next = key as SortKey;
    const fallback = next === 'date' ? 'desc' : 'asc';
    const current = url.sort === next ? (url.dir ?? fallback) : undefined;
    url.setSort(next, current ? (current === 'asc' ? 'desc' : 'asc') : fallback);
  };
  const list = useFolderOrders(request);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);

  // Only rows on screen stay selected: a new page, a search, or an order someone else just moved
  // drops out of the selection, so a bulk action never touches an order the user cannot see.
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  useEffect(() => {
    const visible = new Set(rows.map((row) => String(row.order_id)));
    setRowSelection((current) => {
      const kept = Object.keys(current).filter((id) => current[id] && visible.has(id));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept.map((id) => [id, true]));
    });
  }, [rows]);

  const [toDelete, setToDelete] = useState<FolderOrderRow | null>(null);
  const columns = useMemo(
    () =>
      orderColumns({
        keys: screen.columns,
        timeZone: businessTimeZone,
        isSelectable: abilities.hasBulkActions,
        isFuture: folder === 'futureOrder',
        onDelete: abilities.canDelete ? setToDelete : undefined,
      }),
    [screen.columns, businessTimeZone, abilities.hasBulkActions, abilities.canDelete, folder],
  );
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.order_id),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    enableRowSelection: abilities.hasBulkActions,
  });
  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number);

  const claim = useAssignToMe(user?.name ?? '');
  const triage = useKeyboardTriage({
    rowCount: rows.length,
    onOpen: (index) => {
      const row = rows[index];
      if (row) navigate(paths.admin.viewOrder(row.order_id));
    },
    onToggle: (index) => {
      if (abilities.hasBulkActions) table.getRowModel().rows[index]?.toggleSelected();
    },
    onAssign: abilities.canAssign
      ? () => {
          const focused = rows[triage.focusedIndex];
          const ids = selectedIds.length ? selectedIds : focused ? [focused.order_id] : [];
          claim.assignToMe(ids).then(() => setRowSelection({}));
        }
      : undefined,
  });

  const total = list.data?.total ?? 0;
  const pageSize = url.size === 'all' ? Math.max(rows.length, 1) : url.size;
  return (
    <section className="folder-screen" aria-labelledby="folder-title">
      <FolderHeader
        title={screen.title}
        subtitle={month}
        total={list.data ? total : undefined}
        folder={folder}
        month={month}
        search={request.search}
        isFetching={list.isFetching}
        onRefresh={() => list.refetch()}
        onBack={onBack}
      />
      <div className="card-panel folder-panel">
        <div className="folder-toolbar">
          {abilities.hasBulkActions ? (
            <BulkActions
              abilities={abilities}
              selectedIds={selectedIds}
              userName={user?.name ?? ''}
              onDone={() => setRowSelection({})}
            />
          ) : (
            <span />
          )}
          <div className="folder-filters">
            <SortAndFilter folder={folder} url={url} />
            <SearchBox value={draft} onChange={setDraft} placeholder="Search orders" label={`Search ${screen.title}`} />
            <PageSizeSelect value={url.size} onChange={url.setSize} />
          </div>
        </div>
        <DataTable
          table={table}
          label={month ? `${screen.title}, ${month}` : screen.title}
          isLoading={list.isFetching}
          error={list.error?.message}
          focusedIndex={triage.focusedIndex}
          sort={{ key: url.sort, dir: url.dir }}
          onSort={onSort}
          onRowClick={(_row, index) => triage.setFocusedIndex(index)}
        />
        <ListFooter
          page={url.size === 'all' ? 1 : url.page}
          pageSize={pageSize}
          shown={rows.length}
          total={total}
          isCapped={list.data?.totalCapped ?? false}
          isLoaded={!!list.data}
          onPage={url.setPage}
        />
      </div>
      <KeyboardHint canAssign={abilities.canAssign} canSelect={abilities.hasBulkActions} />
      <RowDelete order={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
