import { sql } from 'kysely';
import type { KeptReference, ReferenceMover } from '../../platform/references/movers';

/** The users feature's tables that refer to reference items: a user's agronomists, role and language. */
export const usersMovers: ReferenceMover[] = [
  {
    // Users of `from` get `to` instead (once, even if they already had it); answers the users that had `from`.
    refers: 'agronomists', table: 'user_agronomists', column: 'agronomist_id', same: { by: ['user_id'] },
    async move(tx, from, to) {
      if (to) {
        await sql`insert into user_agronomists (user_id, agronomist_id)
          select user_id, ${to.id} from user_agronomists where agronomist_id = ${from.id}
          on conflict do nothing`.execute(tx);
      }
      const rows = await tx.deleteFrom('user_agronomists').where('agronomist_id', '=', from.id).returning('user_id').execute();
      return rows.map((r) => r.user_id);
    },
  },
  {
    // A role goes only when no current user holds it (roles.service checks; the foreign key refuses
    // otherwise): archived users let go of it. With a replacement, every holder moves to it.
    refers: 'roles', table: 'users', column: 'role_id', same: 'each',
    async move(tx, from, to) {
      let q = tx.updateTable('users').set((eb) => ({ role_id: to?.id ?? null, row_version: eb('row_version', '+', 1) })).where('role_id', '=', from.id);
      if (!to) q = q.where('archived', '=', true);
      return (await q.returning('id').execute()).map((r) => r.id);
    },
  },
];

export const usersKeeps: KeptReference[] = [
  { refers: 'languages', table: 'users', column: 'language_id', same: 'each', reason: 'languages are never deleted or archived; a user keeps the chosen language' },
];
