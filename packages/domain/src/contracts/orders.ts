import { z } from 'zod';
import { COUNT_FIELDS, type FolderCounts, MONTHS } from '../folders';
import { exportOrdersQuery, type FolderOrderRow, folderPageQuery } from '../schemas/folder-pages';
import {
  assignOrdersInput,
  changeOrderStatusInput,
  completeRefundInput,
  folderKey,
  reassignOrdersInput,
  restoreOrdersInput,
  searchOrdersInput,
} from '../schemas/orders';
import { STATUSES } from '../statuses';
import { answer, contract, get, isoText, post, put, seenChange } from './contract';

/** Folder lists, counts, search, bulk actions and export (SPEC §7 Orders). */

/** The counts object of SPEC §3: one number per folder's count field. */
// COUNT_FIELDS names every count field of FolderCounts once (its values are typed as text).
const countFieldNames = Object.values(COUNT_FIELDS) as [keyof FolderCounts, ...Array<keyof FolderCounts>];
export const folderCountsData = z.record(z.enum(countFieldNames), z.number());

/** A list row as the server sends it (SPEC §3), with the optional full_name and contact e-mail. */
export const folderOrderRow = z.object({
  order_id: z.number(),
  process_status: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  country_code: z.string().nullable(),
  created_at: isoText.nullable(),
  refund_date: isoText.nullable(),
  processing_date: isoText.nullable(),
  process_month: z.string().nullable(),
  assign_to: z.string().nullable(),
  full_name: z.string().nullable(),
  contact_email_address: z.string().nullable(),
  /** Charge Back rows only: the dispute's respond-by date (YYYY-MM-DD) and state */
  respond_by: z.string().nullable().optional(),
  dispute_state: z.string().nullable().optional(),
  processing_mode: z.string().optional(),
  /** when the order's service-level target runs out (open statuses, Priority and Standard only) */
  sla_due_at: isoText.nullable().optional(),
}) satisfies z.ZodType<FolderOrderRow>;

/** A page of a folder: rows in data, the count in total (SPEC §7), and the keyset cursor. */
export const folderPageAnswer = answer(z.array(folderOrderRow), {
  total: z.number(),
  /** true when a search matched more rows than are counted exactly */
  totalCapped: z.boolean(),
  /** continues the same listing after the last row; null at the end */
  nextCursor: z.string().nullable(),
});

/** Per order of a bulk action: done, or skipped and why. */
export const orderActionOutcome = z.object({
  orderId: z.number(),
  done: z.boolean(),
  from: z.enum(STATUSES).optional(),
  to: z.enum(STATUSES).optional(),
  /** a SkipReason of the lifecycle (its table stays out of the console's folder screens) */
  reason: z.string().optional(),
  /** who holds the order's claim, when that is why it was skipped */
  heldBy: z.string().nullable().optional(),
});
export type OrderActionOutcomeData = z.infer<typeof orderActionOutcome>;
const outcomes = z.array(orderActionOutcome);
const ids = z.array(z.number());

export const folderCount = contract({
  method: 'GET',
  path: '/admin/get-folder-count',
  query: z.object({ userName: z.string().max(200).optional(), seen: seenChange }),
  answer: answer(folderCountsData),
});

export const folderListParams = z.object({ orderName: folderKey(z.string().max(60)) });
export const folderList = contract({
  method: 'GET',
  path: '/admin/get-orders-list/:orderName',
  params: folderListParams,
  // `seen`: as for the counts, a read after a change names it (a first page older is read again).
  query: folderPageQuery.extend({ seen: seenChange }),
  answer: folderPageAnswer,
});
export const searchOrders = post('/admin/search-order', searchOrdersInput, folderPageAnswer);
export const futureMonthCounts = get(
  '/admin/get-future-order-count',
  answer(z.array(z.object({ month: z.enum(MONTHS), count: z.number() }))),
);
export const exportOrders = contract({
  method: 'GET',
  path: '/admin/export-orders.csv',
  query: exportOrdersQuery,
  answer: null,
  produces: 'text/csv',
});

/** Assign to me answers what was claimed; Move back, what was released. */
export const assignOrdersData = z.union([
  z.object({ assigned: ids, taken: ids, results: outcomes }),
  z.object({ released: ids, results: outcomes }),
]);
export const assignOrders = put('/admin/assign-order-status', assignOrdersInput, answer(assignOrdersData));
const statusChangeAnswer = answer(z.object({ changed: ids, results: outcomes }));
export const changeOrderStatus = put('/admin/change-order-status', changeOrderStatusInput, statusChangeAnswer);
/** The spec names this call without a payload; it takes change-order-status's (docs/decisions.md). */
export const moveOrderStatus = put('/admin/move-order-status', changeOrderStatusInput, statusChangeAnswer);
export const completeRefunds = put(
  '/admin/move-to-complete-refund',
  completeRefundInput,
  answer(z.object({ refunded: ids })),
);
export const restoreOrders = put(
  '/admin/restore-orders',
  restoreOrdersInput,
  answer(z.object({ restored: ids, results: outcomes })),
);
export const reassignOrders = put(
  '/admin/reassign-orders',
  reassignOrdersInput,
  answer(z.object({ reassigned: ids, results: outcomes })),
);
