import { useCallback, useState } from 'react';

/** Which rows of a table are opened (Show/Hide, Events): each toggles on its own. */
export function useExpandedRows() {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback(
    (id: number) =>
      setOpenIds((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return { isExpanded: (id: number) => openIds.has(id), toggle };
}
