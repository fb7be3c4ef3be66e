import type { Db } from '../../db/database';

/**
 * What sign-in changes on a user's row (failed attempts and lockout, a new password). The users feature owns
 * the `users` table and implements it (`userAccounts` in features/users); the app hands it to AuthService.
 */
export interface UserAccounts {
  /** one more failed sign-in; locks the account at `lockAfter` failures */
  recordFailure(userId: number, lockAfter: number): Promise<{ locked: boolean }>;
  clearFailures(userId: number): Promise<void>;
  /** a new password (a reset): clears failures and the lock, bumps the row's version (inside the caller's transaction) */
  setPassword(db: Db, userId: number, passwordHash: string): Promise<void>;
}
