import type { Db } from '../db/database';

export async function ensureLanguage(db: Db, name: string): Promise<number> {
  const found = await db.selectFrom('languages').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('languages').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function ensureRole(db: Db, name: string, permissions: string[]): Promise<number> {
  const found = await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('roles').values({ name, permissions }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function countUsers(db: Db): Promise<number> {
  const r = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertUser(db: Db, u: { name: string; email: string; roleId: number; passwordHash: string | null; languageId: number | null }) {
  return (
    await db
      .insertInto('users')
      .values({ name: u.name, email: u.email, role_id: u.roleId, password_hash: u.passwordHash, language_id: u.languageId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A user with this password hash, unless the email is taken. */
export async function ensureUser(db: Db, u: { name: string; email: string; roleId: number; passwordHash: string }): Promise<void> {
  const found = await db.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst();
  if (!found) await insertUser(db, { ...u, languageId: null });
}

/** Records that demo data was seeded into this database because it was asked for (demo users may sign in). */
export async function markSeededForDemo(db: Db): Promise<void> {
  await db.updateTable('installation').set({ demo_seeded_at: new Date() }).where('id', '=', 1).execute();
}
