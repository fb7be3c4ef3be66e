import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Guards against locking everyone out: changes of users or roles that could take away the last active
 * administrator take this lock first (inside their transaction), then check `countActiveAdmins` after the change.
 * The users and roles services take it before reading the caller's permissions too (`roleOfUser`), so that what
 * a caller may grant cannot change under them until their change commits.
 */
export async function lockAdministrators(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(7342001)`.execute(db);
}

/**
 * Active, unarchived users whose role holds Admin; `except` leaves out one user or everyone of one role
 * (the administrators that would remain if that user or role lost Admin).
 */
export async function countActiveAdmins(db: Db, except: { userId?: number; roleId?: number } = {}): Promise<number> {
  let q = db.selectFrom('users').innerJoin('roles', 'roles.id', 'users.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('users.active', '=', true).where('users.archived', '=', false)
    .where(sql<boolean>`'Admin' = any(roles.permissions)`);
  if (except.userId !== undefined) q = q.where('users.id', '<>', except.userId);
  if (except.roleId !== undefined) q = q.where('roles.id', '<>', except.roleId);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A user's role and the permissions it holds, as the database has them now (none without a role). */
export async function roleOfUser(db: Db, userId: number): Promise<{ roleId: number | null; permissions: string[] }> {
  const r = await db.selectFrom('users').leftJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.role_id as roleId', 'roles.permissions']).where('users.id', '=', userId).executeTakeFirst();
  return { roleId: r?.roleId ?? null, permissions: r?.permissions ?? [] };
}
