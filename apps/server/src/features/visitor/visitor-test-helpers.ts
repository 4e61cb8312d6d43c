import { createHash } from 'node:crypto';
import type { TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { documents } from '../../db/schema';
import { createDocumentStorage, generateStoredName } from '../documents';

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** An order with an uploaded document, written straight to storage and the documents table. */
export async function orderWithDocument(t: TestApp, overrides: Parameters<typeof insertOrder>[1] = {}) {
  const order = await insertOrder(t.database.db, { processStatus: 'Completed', ...overrides });
  const file1 = generateStoredName('pdf');
  const stored = await createDocumentStorage(t.config).put(file1, PDF_BYTES);
  await t.database.db.insert(documents).values({
    orderId: order.orderId,
    file1,
    originalName: 'approval.pdf',
    contentType: 'application/pdf',
    size: stored.size,
    sha256: createHash('sha256').update(PDF_BYTES).digest('hex'),
    customerName: 'customer',
  });
  return { order, file1 };
}

/** Tracks the order as a visitor would and returns the visitor token. */
export async function visitorToken(t: TestApp, orderId: number, email: string): Promise<string> {
  const response = await t.call({
    method: 'POST',
    url: '/api/front/track-order',
    payload: { orderId: String(orderId), email },
  });
  const token = response.json().data?.token;
  if (typeof token !== 'string') throw new Error(`track-order failed: ${response.body}`);
  return token;
}
