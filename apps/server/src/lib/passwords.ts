import { hash, verify } from '@node-rs/argon2';

/**
 * The one password hasher (staff passwords, recovery codes, demo and test accounts): argon2id,
 * the library's default algorithm. 'light' is for tests and demo data only, to keep them fast;
 * a real account always gets 'full'.
 */
export type PasswordCost = 'full' | 'light';

const LIGHT = { memoryCost: 4096, timeCost: 2 };
const defaultCost = (): PasswordCost =>
  process.env.NODE_ENV === 'test' || process.env.TEST_DB_ENGINE ? 'light' : 'full';

export function hashPassword(password: string, cost: PasswordCost = defaultCost()): Promise<string> {
  return hash(password, cost === 'light' ? LIGHT : {});
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown e-mail costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
}
