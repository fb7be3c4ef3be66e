import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';

/**
 * No privilege escalation through users and roles (ASVS L2): the rules the users and roles services enforce.
 * - `grant-not-held`: nobody grants a permission they do not hold (adding it to a role, or giving a user a role holding it),
 *   nor changes a user, or a role held by users, holding a permission they lack;
 * - `admin-only`: only an administrator gives a role holding Admin, changes such a role, or changes an administrator;
 * - `own-role`: nobody changes their own role, or their own role's permissions, not even an administrator;
 * - `last-admin`: at least one active user keeps Admin (answered 400 with the spec's message, not 403).
 */
export type PrivilegeRule = 'grant-not-held' | 'admin-only' | 'own-role' | 'last-admin';

/** Does this set of permissions hold Admin (and so every permission)? */
export const holdsAdmin = (permissions: readonly string[] | null | undefined): boolean => !!permissions?.includes('Admin');

/** The permissions of `wanted` that `held` does not give (none when `held` holds Admin). */
export function notHeld(held: readonly string[], wanted: readonly string[]): string[] {
  return holdsAdmin(held) ? [] : [...new Set(wanted.filter((p) => !held.includes(p)))].sort();
}

/** Same permissions, whatever the order and repeats. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((p) => y.has(p));
}

/** What a refusal's audit row names: the row the caller tried to change (id 0: a new one) and how. */
export interface RefusedChange {
  entity: 'user' | 'role';
  entityId: number;
  /** the action refused: create, update, delete, deactivate, archive, unlock, send-password-link, … */
  attempted: string;
  details?: Record<string, unknown>;
}

/** A refused change: answers as `answer` does and is recorded in the audit trail by `recordingRefusals`. */
export class Refusal extends HttpError {
  constructor(readonly rule: PrivilegeRule, answer: HttpError, readonly change: RefusedChange) {
    super(answer.status, answer.code, answer.message, answer.fields);
  }
}

/** A 403 `{ error: 'Forbidden', message }` refusing `change` under `rule`. */
export const refuse = (rule: Exclude<PrivilegeRule, 'last-admin'>, message: string, change: RefusedChange) =>
  new Refusal(rule, new HttpError(403, 'Forbidden', message), change);

/** The last administrator's refusal: the spec's 400 naming `field`, with LAST_ADMIN_MESSAGE. */
export const refuseLastAdmin = (field: string, message: string, change: RefusedChange) =>
  new Refusal('last-admin', new HttpError(400, 'ValidationError', message, [{ field, message }]), change);

/**
 * Runs `work` (a transaction). A Refusal it throws is written to the audit trail (action 'refused', the rule,
 * the message as reason) after that transaction has rolled back, so the refusal is kept though nothing changed;
 * then it is thrown on.
 */
export async function recordingRefusals<T>(db: Db, actorId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Refusal) {
      const { entity, entityId, attempted, details } = err.change;
      await recordChange(db, {
        userId: actorId, entity, entityId, action: 'refused', reason: err.message,
        newValues: { rule: err.rule, attempted, ...details },
      });
    }
    throw err;
  }
}
