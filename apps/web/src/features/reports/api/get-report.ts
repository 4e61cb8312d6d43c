import type { CountryReportRow, ProcessedReportRow, ReportRangeInput } from '@nzeta/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ReportKind = 'country' | 'processed';

interface RowsByKind {
  country: CountryReportRow;
  processed: ProcessedReportRow;
}

const PATHS: Record<ReportKind, string> = {
  country: 'admin/get-country-order-count',
  processed: 'admin/get-processed-by-count',
};

export interface ReportRequest {
  range: ReportRangeInput;
  /** each Submit asks again, even for the same dates */
  submission: number;
}

/** The answer envelope as it came: the screen toasts its message whatever the status (SPEC §8). */
export function getReport<K extends ReportKind>(kind: K, range: ReportRangeInput, signal?: AbortSignal) {
  const body = { fromDate: range.fromDate || undefined, toDate: range.toDate || undefined };
  return apiRequest<RowsByKind[K][]>('POST', PATHS[kind], { body, signal });
}

export function useReport<K extends ReportKind>(kind: K, request: ReportRequest) {
  return useQuery({
    queryKey: queryKeys.reports.report(kind, request.range, request.submission),
    queryFn: ({ signal }) => getReport(kind, request.range, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
