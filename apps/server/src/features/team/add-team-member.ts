import type { TeamMemberInput } from '@nzeta/domain';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/passwords';
import type { StaffPrincipal } from '../../plugins/authentication';
import { assertCanManage, assertEmailFree, DUPLICATE_EMAIL, isUniqueViolation } from './team-rules';

export async function addTeamMember(
  db: Db,
  actor: StaffPrincipal,
  input: TeamMemberInput,
  ip: string,
): Promise<{ id: number }> {
  assertCanManage(actor, input.type);
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ name: input.name, email: input.email, type: input.type, passwordHash })
        .returning({ id: staff.id });
      if (!row) throw new Error('insert into staff returned no row');
      await writeAudit(tx, {
        actorId: actor.id,
        actorName: actor.name,
        action: 'team-member-added',
        target: `staff:${row.id}`,
        ip,
        detail: { email: input.email, type: input.type },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL, 'EMAIL_TAKEN');
    throw error;
  }
}
