import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';

authenticator.options = { window: 1 };
const STEP_MS = 30_000;

interface MfaMember {
  id: number;
  mfaSecret: string | null;
  mfaLastStep: number | null;
  recoveryCodes: string[];
}

/**
 * Accepts a current TOTP code once (a code's time step must be newer than the last one used)
 * or an unused recovery code, which is then spent.
 */
export async function verifyTotpForMember(db: DbOrTx, member: MfaMember, code: string): Promise<boolean> {
  const token = code.replace(/\s+/g, '');
  if (member.mfaSecret && /^\d{6}$/.test(token)) {
    const delta = authenticator.checkDelta(token, member.mfaSecret);
    if (delta === null) return false;
    const step = Math.floor(Date.now() / STEP_MS) + delta;
    if (member.mfaLastStep !== null && step <= member.mfaLastStep) return false;
    await db.update(staff).set({ mfaLastStep: step }).where(eq(staff.id, member.id));
    return true;
  }
  for (const [index, hashed] of member.recoveryCodes.entries()) {
    if (await verifyPassword(hashed, token)) {
      const remaining = member.recoveryCodes.filter((_, i) => i !== index);
      await db.update(staff).set({ recoveryCodes: remaining }).where(eq(staff.id, member.id));
      return true;
    }
  }
  return false;
}
