import { z } from 'zod';
import type { FolderKey } from '../folders';
import { filledText } from '../schemas/common';
import { STATUSES } from '../statuses';
import { SORT_KEYS } from './sort';

/** Sort and status filter, added to the folder list, search and export queries. */
export const listSortFields = {
  sort: z.enum(SORT_KEYS, { error: 'Unknown sort column.' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc.' }).optional(),
  status: z.enum(STATUSES, { error: 'Unknown status.' }).optional(),
};

export const globalSearchQuery = z.object({
  q: filledText('Please enter a search term.').max(200, 'Search must be at most 200 characters.'),
});
export type GlobalSearchQuery = z.infer<typeof globalSearchQuery>;

const hours = (label: string) =>
  z.coerce
    .number({ error: `Please enter the ${label} target in hours.` })
    .int(`Please enter the ${label} target in whole hours.`)
    .min(1, `The ${label} target must be between 1 and 720 hours.`)
    .max(720, `The ${label} target must be between 1 and 720 hours.`);

/** Service-level targets per processing mode, in hours (Settings). */
export const slaHoursInput = z.object({
  priorityHours: hours('Priority'),
  standardHours: hours('Standard'),
});

/** One hit of the header search: the order and the folder it sits in for the asking member. */
export interface GlobalSearchHit {
  order_id: number;
  full_name: string | null;
  email: string | null;
  phone_number: string | null;
  country_code: string | null;
  process_status: string;
  /** the status as shown ('Awaiting Customer', 'Refund Pending') */
  status_label: string;
  processing_mode: string;
  created_at: string;
  assign_to: string | null;
  /** the folder the order is listed in for this member */
  folder: FolderKey;
  /** 'exact' when the term is the order id or the passport number */
  match: 'exact' | 'partial';
}

export interface QueueAgeing {
  folder: FolderKey;
  count: number;
  /** created_at of the oldest order in the queue, null when empty */
  oldestAt: string | null;
  /** service-level due time of that oldest order, null when it runs on no clock */
  oldestDueAt: string | null;
}

export interface MemberThroughput {
  name: string;
  today: number;
  week: number;
}

export interface FailingDelivery {
  mailId: number;
  orderId: number | null;
  toAddress: string;
  kind: string;
  state: string;
  reason: string | null;
  at: string;
}

export interface DashboardData {
  queues: QueueAgeing[];
  sla: { priorityHours: number; standardHours: number };
  throughput: MemberThroughput[];
  /** deliveries failed or bounced in the last 7 days */
  failingDeliveries: { count: number; recent: FailingDelivery[] };
  /** start of today and of this week (Monday) in the business time zone */
  todayFrom: string;
  weekFrom: string;
  generatedAt: string;
}
