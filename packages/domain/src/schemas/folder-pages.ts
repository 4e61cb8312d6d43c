import { z } from 'zod';
import { listSortFields } from '../console/schemas';
import { MONTHS } from '../folders';
import type { OrderListRow } from '../format';
import { folderListQuery, folderName } from './orders';

const searchTerm = z.string().max(200, 'Search must be at most 200 characters.');

/** A folder page: the spec's query plus an optional keyset cursor for reading a folder to the end. */
export const folderPageQuery = folderListQuery.extend({
  cursor: z.string().max(300, 'Invalid cursor.').optional(),
  ...listSortFields,
});
export type FolderPageQuery = z.infer<typeof folderPageQuery>;

/** CSV export of a folder or of a search within it. */
export const exportOrdersQuery = z.object({
  folder: folderName.default('allOrder'),
  search: searchTerm.optional(),
  month: z.enum(MONTHS, { error: 'Please choose a month.' }).optional(),
  ...listSortFields,
});
export type ExportOrdersQuery = z.infer<typeof exportOrdersQuery>;

/** A list row as the server sends it (SPEC §3), with the optional full_name and contact e-mail. */
export interface FolderOrderRow extends OrderListRow {
  full_name: string | null;
  contact_email_address: string | null;
  /** Charge Back rows only: the dispute's respond-by date (YYYY-MM-DD) and state */
  respond_by?: string | null;
  dispute_state?: string | null;
  processing_mode?: string;
  /** when the order's service-level target runs out (open statuses, Priority and Standard only) */
  sla_due_at?: string | null;
}

export interface FolderPage {
  rows: FolderOrderRow[];
  total: number;
  /** true when a search matched more rows than are counted exactly */
  totalCapped: boolean;
  /** continues the same listing after the last row; null at the end */
  nextCursor: string | null;
}

export interface MonthCount {
  month: (typeof MONTHS)[number];
  count: number;
}

/** The answer's data of a claim: which orders are now yours and which someone else holds. */
export interface AssignOutcome {
  assigned: number[];
  taken: number[];
}

export interface CountryReportRow {
  nationality: string;
  count: number;
  standard_count: number;
  priority_count: number;
  future_count: number;
}

export interface ProcessedReportRow {
  processed_by: string;
  count: number;
}
