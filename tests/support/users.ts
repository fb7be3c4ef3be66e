import type { Db } from '../../apps/server/src/db/database';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { ensureRole, insertUser } from '../../apps/server/src/seed/seed.repository';
import { ApiClient } from './api-client';
import { authEndpoints } from '@sapwood/contracts';

let counter = 0;

/** A user whose role holds exactly these permissions; returns its credentials. */
export async function createUser(db: Db, permissions: string[], opts: { name?: string; password?: string | null } = {}) {
  counter += 1;
  const email = `user${counter}-${Date.now()}@test.local`;
  const password = opts.password === undefined ? 'user-password-1' : opts.password;
  const roleId = await ensureRole(db, `role ${permissions.join(',') || 'none'}`, permissions);
  const id = await insertUser(db, {
    name: opts.name ?? `Test User ${counter}`,
    email,
    roleId,
    passwordHash: password ? await hashPassword(password) : null,
    languageId: null,
  });
  return { id, email, password: password ?? '' };
}

/** An API client signed in as the given user. */
export async function signedIn(baseUrl: string, creds: { email: string; password: string }): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const r = await client.call(authEndpoints.login, creds);
  if (r.body !== 'Success') throw new Error(`sign-in failed: ${JSON.stringify(r.body)}`);
  return client;
}
