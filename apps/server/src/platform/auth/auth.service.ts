import type { FastifyBaseLogger } from 'fastify';
import type { LoginResult } from '@sapwood/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SessionUser } from '../../http/context';
import { fieldError } from '../../http/errors';
import { recordChange } from '../audit/audit';
import type { Mailer } from '../mail/mailer';
import { AttemptLimiter } from './attempts';
import { AttemptsRepository } from './attempts.repository';
import { AuthRepository } from './auth.repository';
import { DEMO_PASSWORD, isDemoAccount } from './demo-accounts';
import { passwordProblem } from './password-policy';
import { SessionCache } from './session-cache';
import type { UserAccounts } from './user-accounts';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords';
import { hashToken, newToken } from './tokens';

export interface ClientMeta {
  userAgent: string | null;
  ip: string | null;
}

/** Sign-in, sessions and password reset. */
export class AuthService {
  private readonly repo: AuthRepository;
  /** sign-in and password-reset attempts per address and per account, counted in the database (ADR 0005) */
  readonly attempts: AttemptLimiter;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    /** the base of links in mail (links.ts: PUBLIC_URL, or without mail the server's own address; never a request's) */
    private readonly linkBase: () => string,
    /** sign-in's changes to users' rows, made by the users feature (the table's owner) */
    private readonly accounts: UserAccounts,
    /** sessions resolved in the last few seconds (ADR 0009); none kept when not given */
    private readonly sessions: SessionCache = new SessionCache(0, 0),
  ) {
    this.repo = new AuthRepository(db);
    this.attempts = new AttemptLimiter(new AttemptsRepository(db), config.AUTH_RATE_LIMIT, 60);
  }

  async login(email: string, password: string, meta: ClientMeta): Promise<{ result: LoginResult; sessionToken?: string }> {
    const user = await this.repo.findUserByEmail(email.trim());
    if (!user) {
      await burnVerifyTime(password);
      return { result: 'DoesNotExists' };
    }
    // a demo user: the demo password only, and only in a database seeded for demo (demo-accounts.ts)
    if (isDemoAccount(user.email) && !(password === DEMO_PASSWORD && (await this.repo.seededForDemo()))) {
      await burnVerifyTime(password);
      return { result: 'WrongPassword' };
    }
    if (user.archived) return { result: 'Archived' };
    if (!user.active) return { result: 'InActive' };
    if (user.locked) return { result: 'Locked' };
    if (!user.password_hash) return { result: 'CreatePassword' };
    if (!(await verifyPassword(user.password_hash, password))) {
      const { locked } = await this.accounts.recordFailure(user.id, this.config.LOCKOUT_ATTEMPTS);
      if (locked) {
        await recordChange(this.db, { userId: null, entity: 'user', entityId: user.id, action: 'locked', newValues: { locked: true }, reason: 'Too many wrong passwords' });
        return { result: 'Locked' };
      }
      return { result: 'WrongPassword' };
    }
    await this.accounts.clearFailures(user.id);
    const { token, hash } = newToken();
    await this.repo.createSession({
      id: hash, userId: user.id, idleMinutes: this.config.SESSION_IDLE_MINUTES,
      absoluteHours: this.config.SESSION_ABSOLUTE_HOURS, userAgent: meta.userAgent, ip: meta.ip,
    });
    return { result: 'Success', sessionToken: token };
  }


  /**
   * The session of a token when the cache holds it (no promise, no turn of the microtask queue: the lean path asks
   * this first, on every list read), else null: then `resolveSession` reads it.
   */
  cachedSession(sessionToken: string): { user: SessionUser; sessionId: string } | null {
    return this.sessions.get(sessionToken);
  }

  async resolveSession(sessionToken: string): Promise<{ user: SessionUser; sessionId: string } | null> {
    // kept by the token itself: a session answered from the cache costs no hash (ADR 0227)
    const cached = this.sessions.get(sessionToken);
    if (cached) return cached;
    const id = hashToken(sessionToken);
    const epoch = this.sessions.begin();
    const row = await this.repo.findSessionUser(id, this.config.SESSION_IDLE_MINUTES);
    if (!row) return null;
    // Touch at most once a minute (or a quarter of the idle time-out when that is shorter): idle
    // time-outs need minutes, not a write on every request. A cached session is past its touch time
    // before it is stale, so the next call after that comes here and touches it.
    const touchAfterMs = Math.min(60_000, (this.config.SESSION_IDLE_MINUTES * 60_000) / 4);
    let lastSeen = new Date(row.last_seen_at).getTime();
    if (Date.now() - lastSeen > touchAfterMs) {
      await this.repo.touchSession(id);
      lastSeen = Date.now();
    }
    const session = {
      sessionId: id,
      user: { id: row.id, name: row.name, email: row.email, permissions: row.permissions, languageId: row.language_id },
    };
    // kept only until the next touch is due, so idle time-outs keep counting in the database
    this.sessions.set(session, { lastSeen, expiresAt: Math.min(new Date(row.expires_at).getTime(), lastSeen + touchAfterMs) }, epoch, Date.now(), sessionToken);
    return session;
  }

  async logout(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await this.repo.deleteSession(hashToken(sessionToken));
  }

  /** Always completes the same way, whether or not the email is known. */
  async forgot(email: string): Promise<void> {
    const user = email ? await this.repo.findUserByEmail(email) : undefined;
    // a demo user has the demo password and no other (demo-accounts.ts)
    if (!user || user.archived || isDemoAccount(user.email)) return;
    await this.sendPasswordLink(user.id, user.email, 'reset');
  }

  /**
   * Mails a set-password link; used by forgot password and by an administrator for a new user. The link's base is
   * the server's own (PUBLIC_URL), never taken from the request that asked for it.
   */
  async sendPasswordLink(userId: number, email: string, purpose: 'reset' | 'create'): Promise<void> {
    const { token, hash } = newToken();
    await this.repo.createResetToken(userId, hash, this.config.RESET_TOKEN_MINUTES);
    const link = `${this.linkBase()}/token?token=${encodeURIComponent(token)}`;
    const subject = purpose === 'reset' ? 'Reset your Sapwood password' : 'Create your Sapwood password';
    const text = `${purpose === 'reset' ? 'A password reset was requested for your account.' : 'An account was created for you.'}\n\n`
      + `Open this link to choose a password (valid for ${this.config.RESET_TOKEN_MINUTES} minutes, once):\n${link}\n\n`
      + 'If you did not ask for this, ignore this mail.';
    this.mailer.send({ to: email, subject, text }).catch((err: unknown) => this.log.error({ err }, 'could not send password mail'));
  }

  async checkToken(token: string): Promise<boolean> {
    return !!(await this.repo.findLiveToken(hashToken(token)));
  }

  /**
   * Sets the password, spends the token (and any other open link of the user) and ends every session of the user.
   * A dead link answers false; a password the policy refuses answers 400 on `password`, and the link still works.
   */
  async reset(token: string, password: string): Promise<boolean> {
    const hash = hashToken(token);
    const link = await this.repo.findLiveToken(hash);
    if (!link) return false;
    const problem = await passwordProblem(password, [link.email, link.name]);
    if (problem) throw fieldError('password', problem);
    const passwordHash = await hashPassword(password);
    return this.db.transaction().execute(async (trx) => {
      const live = await this.repo.findLiveToken(hash, trx);
      if (!live) return false;
      if (!(await this.repo.useToken(hash, trx))) return false;
      await this.repo.spendTokensOf(live.user_id, trx);
      await this.accounts.setPassword(trx, live.user_id, passwordHash);
      await this.repo.deleteSessionsOfUser(live.user_id, trx);
      await recordChange(trx, { userId: live.user_id, entity: 'user', entityId: live.user_id, action: 'password-reset' });
      return true;
    });
  }

  async endSessionsOf(userId: number): Promise<void> {
    await this.repo.deleteSessionsOfUser(userId);
  }

  async sweep(): Promise<void> {
    await this.repo.deleteExpiredSessions(this.config.SESSION_IDLE_MINUTES);
    await this.attempts.prune();
  }
}
