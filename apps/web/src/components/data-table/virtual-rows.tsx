import type { Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect } from 'react';
import { BodyRow } from './body-row';
import type { DataTableProps } from './data-table';

const ROW_HEIGHT = 45;

/** Stands in for the rows scrolled out of view, so the scrollbar keeps the whole list's length. */
function SpacerRow({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr className="virtual-spacer">
      <td colSpan={colSpan} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/**
 * The body of a long list (the 'All' page size): only the rows on screen are in the DOM. Loaded
 * on its own, so the folder screens' first load does not carry the virtualiser.
 */
export default function VirtualRows<T>({
  rows,
  colSpan,
  scrollRef,
  props,
}: {
  rows: Row<T>[];
  colSpan: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  props: DataTableProps<T>;
}) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const { focusedIndex } = props;
  useEffect(() => {
    if (focusedIndex === undefined || focusedIndex < 0) return;
    virtualizer.scrollToIndex(focusedIndex, { align: 'auto' });
  }, [focusedIndex, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {before > 0 && <SpacerRow height={before} colSpan={colSpan} />}
      {items.map((item) => {
        const row = rows[item.index] as Row<T>;
        return <BodyRow key={row.id} row={row} index={item.index} props={props} />;
      })}
      {after > 0 && <SpacerRow height={after} colSpan={colSpan} />}
    </>
  );
}
