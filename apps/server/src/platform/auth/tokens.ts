import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only the SHA-256 of a token is ever stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The SHA-256 of a token, in hex: one call, no hash object (every request hashes its session cookie; ADR 0096). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
