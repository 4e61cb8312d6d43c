import type * as publicContractsApi from '@nzeta/domain/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnswerOf, requestEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

/** A row of the visitor's download history (SPEC §3), as the contract gives it. */
export type DownloadHistoryRow = publicContractsApi.VisitorHistoryRow;

export interface DownloadHistory {
  rows: DownloadHistoryRow[];
  mainResult: DataOfField<'mainResult'>;
  path: DataOfField<'path'>;
}

type DataOfField<K extends 'mainResult' | 'path'> = AnswerOf<typeof publicContractsApi.downloadHistory>[K];

/** Thrown when the visitor token is missing, expired or for another order: the page sends the visitor back. */
export class VisitorAccessError extends Error {}

export async function getDownloadHistory(orderId: number, token: string): Promise<DownloadHistory> {
  const result = await requestEndpoint<typeof publicContractsApi.downloadHistory>(
    'POST',
    '/front/get-download-history',
    { body: { orderId: String(orderId) } },
    { token },
  );
  if (!result.ok) {
    if (result.answer.status === 401) throw new VisitorAccessError(result.answer.message);
    throw new Error(result.answer.message || 'Your order could not be loaded.');
  }
  const { data, mainResult, path } = result.answer;
  return { rows: data ?? [], mainResult, path };
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
