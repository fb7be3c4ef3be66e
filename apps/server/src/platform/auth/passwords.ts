import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: m = 19 MiB, t = 2, p = 1 (about 10 ms a verify here).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Keeps the time of a sign-in for an unknown account close to one for a known account. */
let dummy: Promise<string> | null = null;
export async function burnVerifyTime(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
}
