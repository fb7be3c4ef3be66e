import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { HttpError } from '../../http/errors';
import type { AttemptsRepository } from './attempts.repository';

/** What is counted: each public auth endpoint on its own, like the per-route limits they replace. */
export type AttemptKind = 'sign-in' | 'reset-request' | 'reset' | 'check-token';

/** Who attempts: the client address (the peer, or a trusted proxy's X-Forwarded-For) and, where named, the account. */
export interface Attempter {
  address: string | null;
  /** the email typed (sign-in, forgot password); counted apart from the address */
  account?: string | null;
}

export interface AttemptVerdict {
  allowed: boolean;
  limit: number;
  /** attempts left in the window for the most used key */
  remaining: number;
  /** seconds until the window that decides ends (whole, at least 1) */
  resetSeconds: number;
}

/**
 * The key of a client address: an IPv4 address as it is (also when IPv4-mapped), an IPv6 address by its /64
 * network, the smallest block one subscriber gets, so that a client cannot pick a new address per attempt.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const bare = ip.split('%')[0];
  if (isIP(bare) !== 6) return ip;
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const last = tail === undefined ? h : t;
  if (last.length > 0 && last[last.length - 1].includes('.')) {
    const [a, b, c, d] = last.pop()!.split('.').map(Number);
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const all = [...h, ...Array<string>(tail === undefined ? 0 : 8 - h.length - t.length).fill('0'), ...t];
  return `${all.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}

/** The key of an account: a hash of the email as sign-in matches it (trimmed, any case); the email is not kept. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** '58 seconds', '1 minute': the wording of @fastify/rate-limit's message, which this limit replaces. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManyAttempts(verdict: AttemptVerdict): HttpError {
  return new HttpError(429, 'TooManyRequests', `Rate limit exceeded, retry in ${formatWait(verdict.resetSeconds)}`);
}

/**
 * Limits sign-in and password-reset attempts to `max` per window, per client address and per account, counted
 * in the database so that several app servers share one count (ADR 0005). Every attempt counts, refused ones
 * too; a window starts at a key's first attempt. Ended windows are deleted as attempts come (at most once a
 * window per process) and by the periodic sweep.
 */
export class AttemptLimiter {
  private lastPrune = 0;

  constructor(
    private readonly repo: AttemptsRepository,
    readonly max: number,
    readonly windowSeconds = 60,
  ) {}

  async hit(kind: AttemptKind, who: Attempter): Promise<AttemptVerdict> {
    const keys: string[] = [];
    if (who.address) keys.push(`address:${addressKey(who.address)}`);
    if (who.account?.trim()) keys.push(`account:${accountKey(who.account)}`);
    if (keys.length === 0) return { allowed: true, limit: this.max, remaining: this.max, resetSeconds: this.windowSeconds };
    await this.pruneNowAndThen();
    const counts = await this.repo.hit(kind, keys, this.windowSeconds);
    const over = counts.filter((c) => c.attempts > this.max);
    const deciding = over.length > 0 ? over : counts;
    const most = Math.max(...counts.map((c) => c.attempts));
    return {
      allowed: over.length === 0,
      limit: this.max,
      remaining: Math.max(0, this.max - most),
      resetSeconds: Math.max(1, Math.ceil(Math.max(...deciding.map((c) => c.secondsLeft)))),
    };
  }

  /** Deletes ended windows; answers how many. */
  prune(): Promise<number> {
    this.lastPrune = Date.now();
    return this.repo.deleteExpired();
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPrune < this.windowSeconds * 1000) return;
    await this.prune();
  }
}
