import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { DocumentNotFoundError, type DocumentStorage } from '../documents';

export const DOCUMENT_NOT_FOUND = 'Document not found.';

const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export interface StaffDocument {
  stream: Readable;
  contentType: string;
  /** the name offered to the browser */
  filename: string;
}

/**
 * A stored file of this order, to staff: an uploaded document or the traveller photo. The pair
 * (order, file1) must match a row, so a file name alone never opens another order's file.
 */
export async function getDocument(
  db: DbOrTx,
  storage: Pick<DocumentStorage, 'get'>,
  orderId: number,
  file1: string,
): Promise<StaffDocument> {
  const [document] = await db
    .select({ contentType: documents.contentType })
    .from(documents)
    .where(and(eq(documents.orderId, orderId), eq(documents.file1, file1)))
    .limit(1);
  let contentType = document?.contentType;
  if (!contentType) {
    const [photo] = await db
      .select({ orderId: orders.orderId })
      .from(orders)
      .where(and(eq(orders.orderId, orderId), eq(orders.profileImage, file1)))
      .limit(1);
    if (!photo) throw notFound(DOCUMENT_NOT_FOUND, 'DOCUMENT_NOT_FOUND');
    contentType = TYPE_BY_EXTENSION[file1.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  }
  try {
    const stream = await storage.get(file1);
    const extension = file1.includes('.') ? file1.slice(file1.lastIndexOf('.')) : '';
    return { stream, contentType, filename: `NZeTA-${orderId}${extension}` };
  } catch (error) {
    if (error instanceof DocumentNotFoundError) throw notFound(DOCUMENT_NOT_FOUND, 'DOCUMENT_NOT_FOUND');
    throw error;
  }
}
