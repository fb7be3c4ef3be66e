import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface AuthUserRow {
  id: number;
  name: string;
  email: string;
  active: boolean;
  archived: boolean;
  locked: boolean;
  failed_attempts: number;
  password_hash: string | null;
  language_id: number | null;
  permissions: string[];
}

const userColumns = [
  'users.id', 'users.name', 'users.email', 'users.active', 'users.archived', 'users.locked',
  'users.failed_attempts', 'users.password_hash', 'users.language_id',
] as const;

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByEmail(email: string): Promise<AuthUserRow | undefined> {
    return this.db
      .selectFrom('users')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select([...userColumns, sql<string[]>`coalesce(roles.permissions, '{}')`.as('permissions')])
      .where(sql`lower(users.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** Whether demo data was seeded into this database because it was asked for (migration 0220). */
  async seededForDemo(): Promise<boolean> {
    const row = await this.db.selectFrom('installation').select('demo_seeded_at').executeTakeFirst();
    return !!row?.demo_seeded_at;
  }

  async createSession(s: { id: string; userId: number; idleMinutes: number; absoluteHours: number; userAgent: string | null; ip: string | null }) {
    await this.db
      .insertInto('sessions')
      .values({
        id: s.id,
        user_id: s.userId,
        last_seen_at: sql`now()`,
        expires_at: sql`now() + make_interval(secs => ${s.absoluteHours * 3600})`,
        user_agent: s.userAgent,
        ip: s.ip,
      })
      .execute();
  }

  /** The session's user, if the session is alive and the account may still sign in. */
  async findSessionUser(sessionId: string, idleMinutes: number) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select([
        'users.id', 'users.name', 'users.email', 'users.language_id', 'sessions.last_seen_at', 'sessions.expires_at',
        sql<string[]>`coalesce(roles.permissions, '{}')`.as('permissions'),
      ])
      .where('sessions.id', '=', sessionId)
      .where('sessions.expires_at', '>', sql<Date>`now()`)
      .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${idleMinutes * 60})`)
      .where('users.active', '=', true)
      .where('users.archived', '=', false)
      .where('users.locked', '=', false)
      .executeTakeFirst();
  }

  async touchSession(sessionId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', sessionId).execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteSessionsOfUser(userId: number, db: Db = this.db): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpiredSessions(idleMinutes: number): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([
        eb('expires_at', '<', sql<Date>`now()`),
        eb('last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${idleMinutes * 60})`),
      ]))
      .execute();
  }

  async createResetToken(userId: number, hash: string, minutes: number): Promise<void> {
    await this.db
      .insertInto('password_tokens')
      .values({ token_hash: hash, user_id: userId, expires_at: sql`now() + make_interval(secs => ${minutes * 60})` })
      .execute();
  }

  /** A link not yet used or expired, with its user's email and name (a password built on them is easy to guess). */
  async findLiveToken(hash: string, db: Db = this.db) {
    return db
      .selectFrom('password_tokens')
      .innerJoin('users', 'users.id', 'password_tokens.user_id')
      .select(['password_tokens.token_hash', 'password_tokens.user_id', 'users.email', 'users.name'])
      .where('password_tokens.token_hash', '=', hash)
      .where('password_tokens.used_at', 'is', null)
      .where('password_tokens.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  async useToken(hash: string, db: Db): Promise<boolean> {
    const r = await db
      .updateTable('password_tokens')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Spends every link of a user still open (after a reset, older links must not work). */
  async spendTokensOf(userId: number, db: Db): Promise<void> {
    await db.updateTable('password_tokens').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }

  async findUserById(userId: number) {
    return this.db.selectFrom('users').select(['id', 'name', 'email', 'archived']).where('id', '=', userId).executeTakeFirst();
  }
}
