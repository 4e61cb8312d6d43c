import type * as disputesApi from '@nzeta/domain/contracts/disputes';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

export interface DisputeReportRange {
  from: string;
  to: string;
}

/** GET /admin/dispute-report: disputes per month, network and reason with win rate and amounts. */
export function useDisputeReport(range: DisputeReportRange) {
  return useQuery({
    queryKey: queryKeys.reports.disputes(range),
    queryFn: ({ signal }) =>
      fetchData<typeof disputesApi.disputeReport>('GET', '/admin/dispute-report', { query: range }, { signal }),
  });
}
