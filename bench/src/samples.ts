import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client';
import { COMMON_SURNAMES } from './distribution';
import { FIRST_ORDER_ID } from './seed-orders';

/** Orders and terms the measured requests rotate over, picked deterministically from the data. */
export interface Samples {
  /** delivered orders with documents, mails and downloads: detail and defence pack */
  deliveredIds: number[];
  /**
   * more delivered orders, none of them among deliveredIds: more than the server keeps drawn
   * letters of, so a defence pack asked in turn for each is drawn for the first time
   */
  firstDrawIds: number[];
  /** order id and e-mail pairs a customer would type into track-order */
  trackPairs: Array<{ orderId: number; email: string }>;
  searchTerms: {
    rare: string;
    surname: string;
    domain: string;
    orderId: string;
    short: string;
  };
}

const SAMPLE_SIZE = 200;
const FIRST_DRAW_SIZE = 5_000;

/** Every `stride`-th order, up to `limit`, if delivered with a download: detail and defence pack. */
async function deliveredOrders(db: Db, stride: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select o.order_id::text as id from orders o
      where o.process_status = 'Completed' and (o.order_id - ${FIRST_ORDER_ID}) % ${stride} = 0
        and exists (select 1 from download_history d where d.order_id = o.order_id)
      order by o.order_id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

export async function readSamples(db: Db, orders: number): Promise<Samples> {
  const stride = Math.max(1, Math.floor(orders / (SAMPLE_SIZE * 2)));
  const delivered = await deliveredOrders(db, stride, SAMPLE_SIZE);
  const forFirstDraw = await deliveredOrders(
    db,
    Math.max(1, Math.floor(orders / (FIRST_DRAW_SIZE * 2))),
    FIRST_DRAW_SIZE + SAMPLE_SIZE,
  );
  const tracked = await queryRows<{ id: string; email: string }>(
    db,
    sql`select order_id::text as id, email from orders
      where process_status <> 'Deleted' and (order_id - ${FIRST_ORDER_ID}) % ${stride} = 1
      order by order_id limit ${SAMPLE_SIZE}`,
  );
  // A generated surname outside the common ones: it names one order, or a handful.
  const [rare] = await queryRows<{ name: string }>(
    db,
    sql`select last_name as name from orders
      where order_id >= ${FIRST_ORDER_ID + Math.floor(orders / 2)} and last_name not in ${[...COMMON_SURNAMES]}
      order by order_id limit 1`,
  );
  if (!delivered.length || !tracked.length || !rare) throw new Error('The data set is too small to sample from.');
  const sampled = new Set(delivered);
  return {
    deliveredIds: delivered,
    firstDrawIds: forFirstDraw.filter((id) => !sampled.has(id)),
    trackPairs: tracked.map((r) => ({ orderId: Number(r.id), email: r.email })),
    searchTerms: {
      rare: rare.name,
      surname: COMMON_SURNAMES[0],
      domain: 'example.net',
      orderId: String(FIRST_ORDER_ID + Math.floor(orders * 0.37)),
      short: 'sh',
    },
  };
}
