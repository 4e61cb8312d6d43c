import type * as accountApi from '@nzeta/domain/contracts/account';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

/** A row of the audit trail: the contract's, which the server answers too. */
export type AuditEntry = accountApi.AuditEntry;

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
      const answer = await callEndpoint<typeof accountApi.auditEntries>('GET', '/admin/audit', { query: filters });
      return { rows: answer.data ?? [], total: answer.total };
    },
    placeholderData: keepPreviousData,
  });

export function useAuditEntries(filters: AuditFilters) {
  return useQuery(auditQuery(filters));
}
