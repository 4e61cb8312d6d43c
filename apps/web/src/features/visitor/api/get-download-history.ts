import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A row of the visitor's download history (SPEC §3). */
export interface DownloadHistoryRow {
  order_id: number;
  create_ts: string;
  ip: string | null;
  browser: string;
  os: string | null;
  timezone: string | null;
}

export interface DownloadHistory {
  rows: DownloadHistoryRow[];
  mainResult: { order_id: number; first_name: string | null; last_name: string | null; process_status: string };
  path: { file1: string | null };
}

/** Thrown when the visitor token is missing, expired or for another order: the page sends the visitor back. */
export class VisitorAccessError extends Error {}

export async function getDownloadHistory(orderId: number, token: string): Promise<DownloadHistory> {
  const answer = await apiRequest<DownloadHistoryRow[]>('POST', 'front/get-download-history', {
    body: { orderId: String(orderId) },
    token,
  });
  if (answer.status === 401) throw new VisitorAccessError(answer.message);
  if (answer.status !== 1) throw new Error(answer.message || 'Your order could not be loaded.');
  return {
    rows: answer.data ?? [],
    mainResult: answer.mainResult as DownloadHistory['mainResult'],
    path: (answer.path as DownloadHistory['path'] | undefined) ?? { file1: null },
  };
}

export const downloadHistoryQuery = (orderId: number, token: string) =>
  queryOptions({
    queryKey: queryKeys.visitor.downloadHistoryFor(orderId, token),
    queryFn: () => getDownloadHistory(orderId, token),
    retry: false,
  });

export function useDownloadHistory(orderId: number, token: string) {
  return useQuery(downloadHistoryQuery(orderId, token));
}
