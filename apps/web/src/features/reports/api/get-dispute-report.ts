import { contracts } from '@nzeta/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';

export interface DisputeReportRange {
  from: string;
  to: string;
}

/** GET /admin/dispute-report: disputes per month, network and reason with win rate and amounts. */
export function useDisputeReport(range: DisputeReportRange) {
  return useQuery({
    queryKey: ['reports', 'disputes', range],
    queryFn: ({ signal }) => fetchData(contracts.disputes.disputeReport, { query: range }, { signal }),
  });
}
