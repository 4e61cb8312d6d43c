import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import type { Cursor } from './folder-cursor';
import { directionOf, type Ordering } from './list-ordering';

/**
 * Anchors for deep pages: the sort key and id of every ANCHOR_EVERY-th row of one listing (a
 * folder with its month, status filter and sort). Page 10,000 then seeks to the anchor just before
 * it, as the keyset cursor does, and skips fewer than ANCHOR_EVERY rows instead of half a million.
 *
 * Anchors are computed lazily, in one pass over the listing's index, and kept while no order
 * changed: the statement that reads a page from an anchor also reads the order list version
 * (migration 0015, a sum that grows with every write to orders or disputes) in the same snapshot,
 * and the rows are used only when it equals the version the anchors were computed at. Otherwise
 * the page is read with plain OFFSET and the anchors are computed again on the next deep page.
 * When anchors went stale before serving a single page (a steady stream of writes), deep pages
 * of that listing read plainly for a while instead of paying for anchors nobody uses.
 */

/**
 * Rows from one anchor to the next. 500, the largest page size, so every 500-row page starts at
 * an anchor and is read straight from the index, as page 1 is (at 1,000 it skipped 500 rows first:
 * page 1,000 of a million orders p99 74 ms); other page sizes skip fewer than 500. A listing of a
 * million orders keeps 2,000 keys.
 */
export const ANCHOR_EVERY = 500;
/** Listings kept (one per folder, filter, sort and, for My Orders, member). */
const MAX_LISTINGS = 64;
/** How long deep pages of a listing read plainly after its anchors went stale unused. */
const COOL_DOWN_MS = 2000;

export const LIST_VERSION = sql`(select coalesce(sum(changes), 0) from order_list_version)::text`;

interface Anchors {
  version: string;
  /** keys[i] is the row at 0-based position (i + 1) × ANCHOR_EVERY − 1 */
  keys: Cursor[];
}

interface Listing {
  anchors: Promise<Anchors>;
  hits: number;
}

/** Where a page at `offset` starts from: after `anchor`, skipping `skip` rows. */
export interface AnchorSeek {
  version: string;
  anchor: Cursor;
  skip: number;
}

const dialect = new PgDialect();

class ListAnchors {
  /** pages read from an anchor that was current (tests check the anchors are used at all) */
  hits = 0;
  constructor(private readonly every: number) {}

  private readonly listings = new Map<string, Listing>();
  private readonly coolUntil = new Map<string, number>();

  /** The anchor to start a page at `offset` from, or undefined (a shallow page, or cooling down). */
  async seek(db: DbOrTx, filter: SQL, ordering: Ordering, offset: number): Promise<AnchorSeek | undefined> {
    const every = this.every;
    if (offset < every) return undefined;
    const key = listingKey(filter, ordering);
    if ((this.coolUntil.get(key) ?? 0) > Date.now()) return undefined;
    let listing = this.listings.get(key);
    if (!listing) {
      listing = { anchors: computeAnchors(db, filter, ordering, every), hits: 0 };
      this.remember(key, listing);
    }
    const anchors = await listing.anchors.catch(() => undefined);
    if (!anchors) {
      this.forget(key, listing, false);
      return undefined;
    }
    const index = Math.min(Math.floor(offset / every) - 1, anchors.keys.length - 1);
    const anchor = anchors.keys[index];
    if (!anchor) return undefined;
    const at = (index + 1) * every;
    return { version: anchors.version, anchor, skip: offset - at };
  }

  /** The page read from `seek` was read at `version`: keep the anchors or drop them. */
  settle(filter: SQL, ordering: Ordering, seek: AnchorSeek, version: string | undefined): boolean {
    const key = listingKey(filter, ordering);
    const listing = this.listings.get(key);
    const current = version === seek.version;
    if (listing) {
      if (current) {
        listing.hits++;
        this.hits++;
      } else
        void listing.anchors.then(
          (anchors) => anchors.version === seek.version && this.forget(key, listing, listing.hits === 0),
          () => undefined,
        );
    }
    return current;
  }

  private remember(key: string, listing: Listing): void {
    this.listings.delete(key);
    this.listings.set(key, listing);
    while (this.listings.size > MAX_LISTINGS) {
      const oldest = this.listings.keys().next().value;
      if (oldest === undefined) break;
      this.listings.delete(oldest);
    }
  }

  private forget(key: string, listing: Listing, unused: boolean): void {
    if (this.listings.get(key) === listing) this.listings.delete(key);
    if (unused) this.coolUntil.set(key, Date.now() + COOL_DOWN_MS);
    else this.coolUntil.delete(key);
    if (this.coolUntil.size > MAX_LISTINGS * 4) this.coolUntil.clear();
  }
}

function listingKey(filter: SQL, ordering: Ordering): string {
  const query = dialect.sqlToQuery(sql`${filter} order by ${ordering.key} ${directionOf(ordering)}`);
  return `${query.sql}\u0000${JSON.stringify(query.params)}`;
}

/** One pass over the listing in page order: every ANCHOR_EVERY-th row's key, and the version. */
async function computeAnchors(db: DbOrTx, filter: SQL, ordering: Ordering, every: number): Promise<Anchors> {
  const dir = directionOf(ordering);
  const [row] = await queryRows<{ version: string; keys: Array<[string, number | string]> }>(
    db,
    sql`select ${LIST_VERSION} as version, coalesce((
        select json_agg(json_build_array(s.sort_key, s.order_id) order by s.rn)
        from (
          select ${ordering.key}::text as sort_key, ${orders.orderId} as order_id,
            row_number() over (order by ${ordering.key} ${dir}, ${orders.orderId} ${dir}) as rn
          from ${orders} where ${filter}
        ) s
        where s.rn % ${every} = 0
      ), '[]'::json) as keys`,
  );
  if (!row) throw new Error('anchors: no answer');
  const keys = (typeof row.keys === 'string' ? JSON.parse(row.keys) : row.keys) as Array<[string, number | string]>;
  return { version: String(row.version), keys: keys.map(([key, id]) => ({ key, id: Number(id) })) };
}

/** One set of listings per database handle (each test database has its own). */
const perDatabase = new WeakMap<object, ListAnchors>();

/** The database's anchors; `every` (tests: anchors closer together) applies when they are made. */
export function listAnchorsOf(db: DbOrTx, every = ANCHOR_EVERY): ListAnchors {
  let anchors = perDatabase.get(db);
  if (!anchors) {
    anchors = new ListAnchors(every);
    perDatabase.set(db, anchors);
  }
  return anchors;
}
