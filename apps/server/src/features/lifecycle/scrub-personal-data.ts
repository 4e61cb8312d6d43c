import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { auditLog, documents, downloadHistory, mailMessages, orderOtherNames, orders, remarks } from '../../db/schema';
import { idArray } from '../../lib/id-list';

export interface ErasedFiles {
  /** stored names (documents storage) to remove after commit */
  documents: string[];
  /** `.eml` copies written by the file mail provider (DATA_DIR/mail), to remove after commit */
  mailCopies: string[];
}

export const ERASED_REMARK = 'Removed with the personal data of this order.';

/** Activity details that may name the customer (addresses, file names, reasons typed by staff). */
const PERSONAL_DETAIL_KEYS = ['to', 'email', 'address', 'recipient', 'customerName', 'originalName', 'ip', 'userAgent'];

/**
 * Permanent deletion (DESIGN §2): the applicant's personal data goes, an anonymous tombstone stays
 * (order id, status, dates, amount) so counts, reports and accounting still add up. The status
 * columns are the lifecycle's (applyOrderAction 'erase'); this removes everything else that is
 * personal: identity fields, other names, documents, mail rows, visitor downloads, comment texts,
 * customer addresses in the activity log, and IP/browser of the order's audit rows.
 */
export async function scrubPersonalData(tx: DbOrTx, orderIds: number[]): Promise<ErasedFiles> {
  const ids = idArray(orderIds);
  const files = await queryRows<{ name: string }>(
    tx,
    sql`select ${documents.file1} as name from ${documents} where ${documents.orderId} = any(${ids})
      union all
      select ${orders.profileImage} from ${orders} where ${orders.orderId} = any(${ids}) and ${orders.profileImage} is not null`,
  );
  const copies = await queryRows<{ name: string }>(
    tx,
    sql`select ${mailMessages.providerMessageId} as name from ${mailMessages}
      where ${mailMessages.orderId} = any(${ids}) and ${mailMessages.transport} = 'file'
        and ${mailMessages.providerMessageId} is not null`,
  );
  await tx.execute(sql`update ${orders} set
      email = null, confirm_email = null, first_name = null, last_name = null, full_name = null,
      different_name = null, gender = null, birth_date = null, birth_month = null, birth_year = null,
      place_of_birth = null, territory_of_birth = null, national_identity_number = null,
      phone_number = null, passport_number = null, expiry_date = null, expiry_month = null, expiry_year = null,
      profile_image = null, transaction_id = null
    where order_id = any(${ids})`);
  await tx.execute(sql`delete from ${orderOtherNames} where ${orderOtherNames.orderId} = any(${ids})`);
  await tx.execute(sql`delete from ${downloadHistory} where ${downloadHistory.orderId} = any(${ids})`);
  // Mail rows hold the address and the rendered text; queued ones must not go out any more.
  await tx.execute(sql`delete from ${mailMessages} where ${mailMessages.orderId} = any(${ids})`);
  await tx.execute(sql`delete from ${documents} where ${documents.orderId} = any(${ids})`);
  await tx.execute(sql`update ${remarks} set remark = ${ERASED_REMARK} where ${remarks.orderId} = any(${ids})`);
  await tx.execute(sql`update order_activity set
      detail = detail - ${`{${PERSONAL_DETAIL_KEYS.join(',')}}`}::text[],
      to_value = case when action in ('document-uploaded', 'mail-queued', 'transaction-details-saved') then null else to_value end
    where order_id = any(${ids}) and (detail is not null or action in ('document-uploaded', 'mail-queued', 'transaction-details-saved'))`);
  // Audit rows keep what was done, by whom and when; not the visitor's address or browser.
  const targets = sql`${`{${orderIds.flatMap((id) => [`order:${id}`, String(id)]).join(',')}}`}::text[]`;
  // The audit trigger lets exactly this through while nzeta.erasure is on (migration 0006).
  await tx.execute(sql`select set_config('nzeta.erasure', 'on', true)`);
  await tx.execute(
    sql`update ${auditLog} set ip = null, detail = null
      where target = any(${targets}) and (ip is not null or detail is not null)`,
  );
  await tx.execute(sql`select set_config('nzeta.erasure', 'off', true)`);
  return { documents: files.map((f) => f.name), mailCopies: copies.map((c) => c.name) };
}
