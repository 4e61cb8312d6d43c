import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { folderCountsQuery } from '../../../lib/folder-counts';
import { noteChange } from '../../../lib/live-changes';
import { queryKeys } from '../../../lib/query-keys';
import { readSession } from '../../../lib/session';

export { folderCountsQuery };

export function useFolderCounts() {
  return useQuery(folderCountsQuery);
}

/** A line the server pushes for the notification area (an approval e-mail that bounced). */
export interface StaffNotice {
  orderId?: number;
  message: string;
}

/** A notice as pushed: `{message, orderId?}`; anything else is not one of ours. */
function readNotice(value: unknown): StaffNotice | undefined {
  if (typeof value !== 'object' || value === null || !('message' in value)) return undefined;
  if (typeof value.message !== 'string') return undefined;
  const orderId = 'orderId' in value && typeof value.orderId === 'number' ? value.orderId : undefined;
  return orderId === undefined ? { message: value.message } : { orderId, message: value.message };
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
    const handle = (event: MessageEvent<string>) => {
      noteChange(event.data);
      queryClient.invalidateQueries({ queryKey: queryKeys.folderCounts.all });
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      onChange?.();
    };
    source.addEventListener('counts', handle);
    source.addEventListener('notice', (event) => {
      try {
        const notice = readNotice(JSON.parse(event.data));
        if (notice) onNotice?.(notice);
      } catch {
        // a malformed notice is not worth breaking the stream for
      }
    });
    return () => source.close();
  }, [queryClient, onChange, onNotice]);
}
