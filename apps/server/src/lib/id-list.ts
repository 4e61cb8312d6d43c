import { type SQL, sql } from 'drizzle-orm';

/**
 * A list of order ids as ONE bigint[] parameter: selections can hold tens of thousands of ids,
 * beyond what a parameter per id allows.
 */
export function idArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`;
}

/** The ids once each, in the order given. */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** 'Order 100123' or 'Orders 100123, 100124' for messages. */
export function describeOrders(ids: readonly number[]): string {
  return `${ids.length === 1 ? 'Order' : 'Orders'} ${ids.join(', ')}`;
}
