import type { DisputeReport } from '@nzeta/domain';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface DisputeReportRange {
  from: string;
  to: string;
}

/** GET /admin/dispute-report: disputes per month, network and reason with win rate and amounts. */
export function useDisputeReport(range: DisputeReportRange) {
  return useQuery({
    queryKey: queryKeys.reports.disputes(range),
    queryFn: async ({ signal }) =>
      (await apiCall<DisputeReport>('GET', 'admin/dispute-report', { query: { ...range }, signal }))
        .data as DisputeReport,
  });
}
