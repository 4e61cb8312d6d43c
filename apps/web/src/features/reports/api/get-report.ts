import type { CountryReportRow, ProcessedReportRow, ReportRangeInput } from '@nzeta/domain';
import type * as consoleApi from '@nzeta/domain/contracts/console';
import { useQuery } from '@tanstack/react-query';
import { type EndpointInput, sendEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

export type ReportKind = 'country' | 'processed';

interface RowsByKind {
  country: CountryReportRow;
  processed: ProcessedReportRow;
}

/** A report's answer, success or not: the screen toasts its message either way. */
interface ReportAnswer<K extends ReportKind> {
  status: number;
  message: string;
  data?: RowsByKind[K][] | undefined;
}

type Send<K extends ReportKind> = (
  body: EndpointInput<typeof consoleApi.countryOrderCount>['body'],
  signal?: AbortSignal,
) => Promise<ReportAnswer<K>>;

const SENDERS: { [K in ReportKind]: Send<K> } = {
  country: (body, signal) =>
    sendEndpoint<typeof consoleApi.countryOrderCount>('POST', '/admin/get-country-order-count', { body }, { signal }),
  processed: (body, signal) =>
    sendEndpoint<typeof consoleApi.processedByCount>('POST', '/admin/get-processed-by-count', { body }, { signal }),
};

export interface ReportRequest {
  range: ReportRangeInput;
  /** each Submit asks again, even for the same dates */
  submission: number;
}

/** The answer envelope as it came: the screen toasts its message whatever the status (SPEC §8). */
export function getReport<K extends ReportKind>(kind: K, range: ReportRangeInput, signal?: AbortSignal) {
  const body = { fromDate: range.fromDate || undefined, toDate: range.toDate || undefined };
  return SENDERS[kind](body, signal);
}

export function useReport<K extends ReportKind>(kind: K, request: ReportRequest) {
  return useQuery({
    queryKey: queryKeys.reports.report(kind, request.range, request.submission),
    queryFn: ({ signal }) => getReport(kind, request.range, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
