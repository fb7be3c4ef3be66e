import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Guards against locking everyone out: changes of users or roles that could take away the last active
 * administrator take this lock first (inside their transaction), then check `countActiveAdmins` after the change.
 */
export async function lockAdministrators(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(7342001)`.execute(db);
}

/** Active, unarchived users whose role holds Admin. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const r = await db.selectFrom('users').innerJoin('roles', 'roles.id', 'users.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('users.active', '=', true).where('users.archived', '=', false)
    .where(sql<boolean>`'Admin' = any(roles.permissions)`)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
