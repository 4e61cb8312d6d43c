import { PROCESSING_MODES, STATUSES } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { DbOrTx } from '../../../db/client';
import { insertOrder } from '../../../db/factories';

/**
 * Orders, terms and the plain substring rule the optimised searches are checked against
 * (folder-search.ts, and the header search of the console).
 */

/** Few letters, so short terms match often; the characters LIKE treats specially; a space. */
const ALPHABET = ['a', 'S', 'h', 'x', '1', '0', ' ', '%', '_', '.', '@', '\\', 'é'];
const textArb = (min: number, max: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { minLength: min, maxLength: max }).map((cs) => cs.join(''));

export const searchedOrderArb = fc.record({
  firstName: textArb(1, 5),
  lastName: textArb(1, 6),
  email: fc.option(textArb(0, 8), { nil: null }),
  phoneNumber: textArb(0, 5),
  passportNumber: textArb(0, 5),
  processStatus: fc.constantFrom(...STATUSES),
  processingMode: fc.constantFrom(...PROCESSING_MODES),
  // Few distinct instants: ties are broken by the order id.
  createdAt: fc.integer({ min: 0, max: 6 }).map((h) => new Date(Date.UTC(2026, 2, 1, h)).toISOString()),
});
export type SearchedOrder = typeof searchedOrderArb extends fc.Arbitrary<infer T> ? T : never;

/** A term of 1-6 characters: random, or cut from a stored value (any field, any case). */
export const termArb = fc.oneof(
  fc.record({ text: textArb(1, 6) }),
  fc.record({ pick: fc.nat(), from: fc.nat(), length: fc.integer({ min: 1, max: 6 }), upper: fc.boolean() }),
);
export type TermSpec = typeof termArb extends fc.Arbitrary<infer T> ? T : never;

export function termOf(spec: TermSpec, stored: string[]): string {
  if ('text' in spec) return spec.text;
  const value = stored[spec.pick % stored.length] ?? '';
  const start = value.length ? spec.from % value.length : 0;
  const cut = value.slice(start, start + spec.length);
  return spec.upper ? cut.toUpperCase() : cut;
}

/** Replaces every order with these; answers the stored values terms are cut from. */
export async function loadSearchedOrders(db: DbOrTx, specs: SearchedOrder[]): Promise<string[]> {
  await db.execute(sql`truncate orders restart identity cascade`);
  const stored: string[] = [];
  for (const spec of specs) {
    const order = await insertOrder(db, { ...spec, processingDate: null });
    stored.push(String(order.orderId), order.fullName ?? '', order.email ?? '', spec.phoneNumber, spec.passportNumber);
  }
  // Statistics let a common short term take the path that reads orders (folder-search.ts).
  await db.execute(sql`analyze orders`);
  return stored;
}

/**
 * The plain rule, with no index and no LIKE escaping: the trimmed term anywhere in a field, in
 * any case. 1-2 characters look in the id, name and e-mail (issue 18); longer terms also in the
 * phone and passport.
 */
export function plainContains(term: string): SQL {
  const t = term.trim();
  const fields = [sql`order_id::text`, sql`full_name`, sql`email`];
  if ([...t].length >= 3) fields.push(sql`phone_number`, sql`passport_number`);
  return sql`(${sql.join(
    fields.map((f) => sql`coalesce(strpos(lower(${f}), lower(${t})), 0) > 0`),
    sql` or `,
  )})`;
}
