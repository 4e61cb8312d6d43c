import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, downloadHistory, orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { signDownloadLink } from './download-link';
import { parseUserAgent } from './parse-user-agent';

export const DOCUMENT_UNAVAILABLE = 'This document is not available.';

export interface RecordDownloadInput {
  orderId: number;
  file1: string;
  ip: string;
  userAgent: string | undefined;
  timezone: string | undefined;
}

/**
 * Logs one visitor download (time, address, parsed user agent, the page's time zone: the evidence
 * Download History and Defence Pack 1 show) and answers a short-lived signed link to the file.
 */
export async function recordDownload(db: Db, secret: Uint8Array, input: RecordDownloadInput): Promise<{ url: string }> {
  const [document] = await db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(orders, eq(orders.orderId, documents.orderId))
    .where(
      and(
        eq(documents.orderId, input.orderId),
        eq(documents.file1, input.file1),
        isNull(orders.erasedAt),
        ne(orders.processStatus, 'Deleted'),
      ),
    )
    .limit(1);
  if (!document) throw notFound(DOCUMENT_UNAVAILABLE, 'DOCUMENT_NOT_FOUND');

  const agent = parseUserAgent(input.userAgent);
  const timezone = knownTimeZone(input.timezone);
  await db.transaction(async (tx) => {
    await tx.insert(downloadHistory).values({
      orderId: input.orderId,
      file1: input.file1,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      ...agent,
      timezone,
    });
    await writeAudit(tx, {
      action: 'document-download',
      target: `order:${input.orderId}`,
      ip: input.ip,
      detail: { file1: input.file1, browser: agent.browser, os: agent.os, timezone },
    });
  });
  return { url: signDownloadLink(input.file1, input.orderId, secret).url };
}

/** The page reports its IANA zone; anything else is not a location and is not kept. */
export function knownTimeZone(value: string | undefined): string | null {
  const zone = value?.trim();
  if (!zone) return null;
  try {
    // Validated, but kept as the page named it: resolving would turn 'Asia/Kolkata' into an old alias.
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
