import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { UserAccounts } from '../../platform/auth/user-accounts';

/** Sign-in's changes to a user's row, made by the table's owner (platform/auth calls these through the app). */
export function userAccounts(db: Db): UserAccounts {
  return {
    recordFailure: (userId, lockAfter) =>
      db
        .updateTable('users')
        .set({ failed_attempts: sql`failed_attempts + 1`, locked: sql`locked or failed_attempts + 1 >= ${lockAfter}` })
        .where('id', '=', userId)
        .returning(['locked'])
        .executeTakeFirstOrThrow(),
    clearFailures: async (userId) => {
      await db.updateTable('users').set({ failed_attempts: 0 }).where('id', '=', userId).where('failed_attempts', '>', 0).execute();
    },
    setPassword: async (trx, userId, passwordHash) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, failed_attempts: 0, locked: false, updated_at: sql`now()`, row_version: sql`row_version + 1` })
        .where('id', '=', userId)
        .execute();
    },
  };
}
