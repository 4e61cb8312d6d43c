import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app';
import { buildMailMessage, insertOrder } from '../../../db/factories';
import { mailMessages, orders } from '../../../db/schema';

/** A Completed order whose approval e-mail the provider accepted, as the worker leaves it. */
export async function sentApprovalMail(
  t: TestApp,
  options: { transport?: 'sendgrid' | 'ses'; kind?: string; status?: string } = {},
) {
  const db = t.database.db;
  const transport = options.transport ?? 'sendgrid';
  const order = await insertOrder(db, { processStatus: options.status ?? 'Completed' });
  await db
    .update(orders)
    .set({ processedBy: 'Uploader', processedAt: new Date().toISOString() })
    .where(eq(orders.orderId, order.orderId));
  const providerMessageId = `${transport}-${randomUUID()}`;
  const [mail] = await db
    .insert(mailMessages)
    .values(
      buildMailMessage({
        orderId: order.orderId,
        kind: options.kind ?? 'approval',
        provider: transport === 'ses' ? 'AWS' : 'Sendgrid',
        transport,
        providerMessageId,
      }),
    )
    .returning();
  if (!mail) throw new Error('sentApprovalMail: no row');
  return { order, mail, providerMessageId };
}
