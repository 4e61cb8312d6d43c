import { z } from 'zod';
import { type DashboardData, type GlobalSearchHit, globalSearchQuery } from '../console/schemas';
import { FOLDER_KEYS } from '../folders';
import { reportRangeInput } from '../schemas/orders';
import { answer, contract, isoText, post, seenChange } from './contract';

/** The operations dashboard, the header search and the two order reports. */

const text = z.string().nullable();
/** A folder the server names: one of the folder table's keys. */
const folderKey = z.enum(FOLDER_KEYS);

export const dashboardData = z.object({
  queues: z.array(
    z.object({ folder: folderKey, count: z.number(), oldestAt: isoText.nullable(), oldestDueAt: isoText.nullable() }),
  ),
  sla: z.object({ priorityHours: z.number(), standardHours: z.number() }),
  throughput: z.array(z.object({ name: z.string(), today: z.number(), week: z.number() })),
  failingDeliveries: z.object({
    count: z.number(),
    recent: z.array(
      z.object({
        mailId: z.number(),
        orderId: z.number().nullable(),
        toAddress: z.string(),
        kind: z.string(),
        state: z.string(),
        reason: text,
        at: isoText,
      }),
    ),
  }),
  todayFrom: isoText,
  weekFrom: isoText,
  generatedAt: isoText,
}) satisfies z.ZodType<DashboardData>;

export const globalSearchHit = z.object({
  order_id: z.number(),
  full_name: text,
  email: text,
  phone_number: text,
  country_code: text,
  process_status: z.string(),
  status_label: z.string(),
  processing_mode: z.string(),
  created_at: isoText,
  assign_to: text,
  folder: folderKey,
  match: z.enum(['exact', 'partial']),
}) satisfies z.ZodType<GlobalSearchHit>;

export const dashboard = contract({
  method: 'GET',
  path: '/admin/dashboard',
  query: z.object({ seen: seenChange }),
  answer: answer(dashboardData),
});
export const globalSearch = contract({
  method: 'GET',
  path: '/admin/global-search',
  query: globalSearchQuery,
  /** more: there were more hits than the answer lists */
  answer: answer(z.array(globalSearchHit), { more: z.boolean() }),
});

/** The client may post no body at all: that is the whole history. */
const reportRange = z.preprocess((v) => v ?? {}, reportRangeInput);

export const countryReportRow = z.object({
  nationality: z.string(),
  count: z.number(),
  standard_count: z.number(),
  priority_count: z.number(),
  future_count: z.number(),
});
export const processedReportRow = z.object({ processed_by: z.string(), count: z.number() });

export const countryOrderCount = post('/admin/get-country-order-count', reportRange, answer(z.array(countryReportRow)));
export const processedByCount = post('/admin/get-processed-by-count', reportRange, answer(z.array(processedReportRow)));
