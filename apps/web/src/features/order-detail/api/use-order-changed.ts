import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** After a change to an order: its detail, the folder lists and the menu counts are stale. */
export function useOrderChanged() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: ['folder-counts'] }),
    ]);
  }, [queryClient]);
}
