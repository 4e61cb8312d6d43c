import { canManageMember } from '@nzeta/domain';
import { and, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { conflict, forbidden } from '../../lib/app-error';
import type { StaffPrincipal } from '../../plugins/authentication';

export const DUPLICATE_EMAIL = 'A team member with this email already exists.';
export const ADMIN_ONLY = 'Only an Admin can add, edit or delete an Admin.';

/** A Manager may not touch an Admin nor make anyone one (DESIGN §3). */
export function assertCanManage(actor: StaffPrincipal, ...memberRoles: string[]): void {
  if (!memberRoles.every((role) => canManageMember(actor.role, role))) throw forbidden(ADMIN_ONLY);
}

/** E-mails are unique among members who are not deleted, ignoring case. */
export async function assertEmailFree(db: DbOrTx, email: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(
        sql`lower(${staff.email}) = ${email.toLowerCase()}`,
        isNull(staff.deletedAt),
        exceptId === undefined ? undefined : ne(staff.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw conflict(DUPLICATE_EMAIL, 'EMAIL_TAKEN');
}

/** Two requests racing past assertEmailFree meet the unique index; answer them the same way. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
