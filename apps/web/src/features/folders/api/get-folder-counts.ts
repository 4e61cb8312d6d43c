import type { FolderCounts } from '@nzeta/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall } from '../../../lib/api-client';
import { noteChange, withSeenChange } from '../../../lib/live-changes';
import { queryKeys } from '../../../lib/query-keys';
import { readSession } from '../../../lib/session';

export const folderCountsQuery = queryOptions({
  queryKey: queryKeys.folderCounts.all,
  queryFn: async () =>
    (await apiCall<FolderCounts>('GET', withSeenChange('admin/get-folder-count'))).data as FolderCounts,
});

export function useFolderCounts() {
  return useQuery(folderCountsQuery);
}

/** A line the server pushes for the notification area (an approval e-mail that bounced). */
export interface StaffNotice {
  orderId?: number;
  message: string;
}

/**
 * Keeps counts and lists live: the server pushes an event whenever any order changes, and the
 * affected queries are refetched (DESIGN §2). `onChange` lets the frame note it; `onNotice`
 * receives the notices staff should read.
 */
export function useLiveOrderEvents(onChange?: () => void, onNotice?: (notice: StaffNotice) => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = readSession()?.accessToken;
    if (!token) return;
    const source = new EventSource(`/api/admin/events?token=${encodeURIComponent(token)}`);
    const handle = (event: Event) => {
      noteChange((event as MessageEvent<string>).data);
      queryClient.invalidateQueries({ queryKey: queryKeys.folderCounts.all });
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      onChange?.();
    };
    source.addEventListener('counts', handle);
    source.addEventListener('notice', (event) => {
      try {
        onNotice?.(JSON.parse((event as MessageEvent<string>).data) as StaffNotice);
      } catch {
        // a malformed notice is not worth breaking the stream for
      }
    });
    return () => source.close();
  }, [queryClient, onChange, onNotice]);
}
