import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm); lighter cost in tests only, to keep them fast.
const options = process.env.NODE_ENV === 'test' || process.env.TEST_DB_ENGINE ? { memoryCost: 4096, timeCost: 2 } : {};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
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
