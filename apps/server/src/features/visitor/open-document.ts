import type { Readable } from 'node:stream';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, orders } from '../../db/schema';
import { DocumentNotFoundError, type DocumentStorage } from '../documents';

export interface OpenedDocument {
  stream: Readable;
  contentType: string;
  size: number;
  fileName: string;
}

/** The stored document of that order, or undefined when the order, the row or the file is gone. */
export async function openDocument(
  db: Db,
  storage: DocumentStorage,
  orderId: number,
  file1: string,
): Promise<OpenedDocument | undefined> {
  const [row] = await db
    .select({ contentType: documents.contentType, size: documents.size })
    .from(documents)
    .innerJoin(orders, eq(orders.orderId, documents.orderId))
    // A soft-deleted order's links stop working too, as its order page does.
    .where(
      and(
        eq(documents.orderId, orderId),
        eq(documents.file1, file1),
        isNull(orders.erasedAt),
        ne(orders.processStatus, 'Deleted'),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  try {
    const stream = await storage.get(file1);
    const extension = /\.([a-z0-9]{1,8})$/.exec(file1)?.[1];
    return {
      stream,
      contentType: row.contentType,
      size: row.size,
      fileName: `NZeTA-${orderId}${extension ? `.${extension}` : ''}`,
    };
  } catch (error) {
    if (error instanceof DocumentNotFoundError) return undefined;
    throw error;
  }
}
