import type { Role } from '@nzeta/domain';
import type { DbOrTx } from '../../../src/db/client';
import { insertStaff } from '../../../src/db/factories';
import { startStaffSession } from '../../../src/lib/staff-session';
import { TEST_JWT_SECRET } from './server-process';

/** A member of `role` and a token the spawned servers (JWT_SECRET = TEST_JWT_SECRET) accept. */
export async function createStaffToken(
  db: DbOrTx,
  role: Role,
  name = `${role} Tester`,
): Promise<{ id: number; name: string; email: string; password: string; token: string }> {
  const member = await insertStaff(db, { type: role, name });
  const token = await startStaffSession(
    db,
    { user: { id: member.id, name: member.name, type: role }, tokenVersion: member.tokenVersion },
    { secret: new TextEncoder().encode(TEST_JWT_SECRET), ttlHours: 2 },
  );
  return { id: member.id, name: member.name, email: member.email, password: member.password, token };
}
