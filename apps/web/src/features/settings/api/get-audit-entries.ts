import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface AuditEntry {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  outcome: 'ok' | 'denied' | 'failed';
  detail: Record<string, unknown> | null;
}

export interface AuditFilters {
  action: string;
  actor: string;
  from: string;
  to: string;
  page: number;
  perPage: number;
}

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: queryKeys.settings.audit(filters),
    queryFn: async () => {
      const answer = await apiCall<AuditEntry[]>('GET', 'admin/audit', { query: { ...filters } });
      return { rows: answer.data ?? [], total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

export function useAuditEntries(filters: AuditFilters) {
  return useQuery(auditQuery(filters));
}
