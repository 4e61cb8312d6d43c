import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { documents, downloadHistory, mailMessages, orderOtherNames, orders, remarks } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { idArray } from './id-list';
import { type Actor, writeActivity } from './order-activity';

export interface ErasedFiles {
  /** stored names (documents storage) to remove after commit */
  documents: string[];
}

export const ERASED_REMARK = 'Removed with the personal data of this order.';

/**
 * Permanent deletion (Admin): the applicant's personal data goes, an anonymous tombstone stays
 * (order id, status, dates, amounts) so counts, reports and accounting still add up. Runs inside
 * the status change's transaction; the stored files are removed by the caller after commit.
 */
export async function eraseOrders(tx: DbOrTx, orderIds: number[], actor: Actor): Promise<ErasedFiles> {
  const ids = idArray(orderIds);
  const files = await queryRows<{ name: string }>(
    tx,
    sql`select ${documents.file1} as name from ${documents} where ${documents.orderId} = any(${ids})
      union all
      select ${orders.profileImage} from ${orders} where ${orders.orderId} = any(${ids}) and ${orders.profileImage} is not null`,
  );
  await tx.execute(sql`update ${orders} set
      email = null, confirm_email = null, first_name = null, last_name = null, full_name = null,
      different_name = null, gender = null, birth_date = null, birth_month = null, birth_year = null,
      place_of_birth = null, territory_of_birth = null, national_identity_number = null,
      phone_number = null, passport_number = null, expiry_date = null, expiry_month = null, expiry_year = null,
      profile_image = null, process_status = 'Deleted', erased_at = now(), updated_at = now()
    where order_id = any(${ids})`);
  await tx.execute(sql`delete from ${orderOtherNames} where ${orderOtherNames.orderId} = any(${ids})`);
  await tx.execute(sql`delete from ${downloadHistory} where ${downloadHistory.orderId} = any(${ids})`);
  // Mail rows hold the address and the rendered text; queued ones must not go out any more.
  await tx.execute(sql`delete from ${mailMessages} where ${mailMessages.orderId} = any(${ids})`);
  await tx.execute(sql`delete from ${documents} where ${documents.orderId} = any(${ids})`);
  await tx.execute(sql`update ${remarks} set remark = ${ERASED_REMARK} where ${remarks.orderId} = any(${ids})`);
  await writeActivity(
    tx,
    actor,
    orderIds.map((orderId) => ({ orderId, action: 'personal-data-erased' })),
  );
  await writeAudit(tx, {
    actorId: actor.id,
    actorName: actor.name,
    action: 'order-erased',
    target: orderIds.length === 1 ? String(orderIds[0]) : `${orderIds.length} orders`,
    detail: { orderIds: orderIds.slice(0, 1000) },
  });
  return { documents: files.map((f) => f.name) };
}
