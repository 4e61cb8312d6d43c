import type { contracts } from '@nzeta/domain';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { documents, downloadHistory, orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { browserField } from './parse-user-agent';

export const ORDER_UNAVAILABLE = 'This order is no longer available.';

/** A history row as the visitor page reads it (SPEC §3): the contract's, shared with the page. */
export type VisitorHistoryRow = contracts.publicContracts.VisitorHistoryRow;

export interface DownloadHistoryResult {
  rows: VisitorHistoryRow[];
  mainResult: z.infer<typeof contracts.publicContracts.visitorMainResult>;
  /** the latest document; file1 is null until one is uploaded */
  path: z.infer<typeof contracts.publicContracts.visitorDocumentPath>;
}

/** The order's summary, its latest document and every download of it, newest first. */
export async function getDownloadHistory(db: Db, orderId: number): Promise<DownloadHistoryResult> {
  const [order] = await db
    .select({
      order_id: orders.orderId,
      first_name: orders.firstName,
      last_name: orders.lastName,
      process_status: orders.processStatus,
    })
    .from(orders)
    .where(and(eq(orders.orderId, orderId), isNull(orders.erasedAt), ne(orders.processStatus, 'Deleted')))
    .limit(1);
  if (!order) throw notFound(ORDER_UNAVAILABLE, 'ORDER_NOT_FOUND');

  const [latest] = await db
    .select({ file1: documents.file1 })
    .from(documents)
    .where(eq(documents.orderId, orderId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);

  const downloads = await db
    .select()
    .from(downloadHistory)
    .where(eq(downloadHistory.orderId, orderId))
    .orderBy(desc(downloadHistory.createdAt), desc(downloadHistory.id))
    .limit(500);

  return {
    mainResult: order,
    path: { file1: latest?.file1 ?? null },
    rows: downloads.map((row) => ({
      order_id: row.orderId,
      create_ts: new Date(row.createdAt).toISOString(),
      ip: stripMappedPrefix(row.ip),
      browser: browserField(row),
      os: row.os,
      timezone: row.timezone,
    })),
  };
}

/** '::ffff:1.2.3.4' is an IPv4 client seen through an IPv6 socket: show the IPv4 address. */
export function stripMappedPrefix(ip: string | null): string | null {
  return ip ? ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') : null;
}
