import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { open } from '../../lib/secret-box';

authenticator.options = { window: 1 };
const STEP_MS = 30_000;
/** What a recovery code looks like: anything else is refused before paying for argon2. */
const RECOVERY_CODE = /^[a-z2-9]{5}-[a-z2-9]{5}$/;

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
export async function verifyTotpForMember(db: DbOrTx, member: MfaMember, code: string, key: Buffer): Promise<boolean> {
  const token = code.replace(/\s+/g, '');
  if (member.mfaSecret && /^\d{6}$/.test(token)) {
    const delta = authenticator.checkDelta(token, open(member.mfaSecret, key));
    if (delta === null) return false;
    const step = Math.floor(Date.now() / STEP_MS) + delta;
    if (member.mfaLastStep !== null && step <= member.mfaLastStep) return false;
    await db.update(staff).set({ mfaLastStep: step }).where(eq(staff.id, member.id));
    return true;
  }
  if (!RECOVERY_CODE.test(token.toLowerCase())) return false;
  for (const [index, hashed] of member.recoveryCodes.entries()) {
    if (await verifyPassword(hashed, token.toLowerCase())) {
      const remaining = member.recoveryCodes.filter((_, i) => i !== index);
      await db.update(staff).set({ recoveryCodes: remaining }).where(eq(staff.id, member.id));
      return true;
    }
  }
  return false;
}
