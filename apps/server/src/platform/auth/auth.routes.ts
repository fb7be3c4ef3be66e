import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints } from '@sapwood/contracts';
import type { Config } from '../../config';
import type { PublicCallContext, SessionUser } from '../../http/context';
import type { LeanOptions } from '../../http/lean-router';
import type { Registrar, SessionResolver } from '../../http/registrar';
import type { StartupService } from '../startup/startup.service';
import { type AttemptKind, tooManyAttempts } from './attempts';
import type { AuthService, ClientMeta } from './auth.service';

export const SESSION_COOKIE = 'sapwood_session';

/** Who is signing in, for the session row (links in mail take nothing from a request: links.ts). */
export function clientMeta(req: FastifyRequest): ClientMeta {
  return { userAgent: req.headers['user-agent'] ?? null, ip: req.ip ?? null };
}

/** Reads the session cookie on each request; a dead session's cookie is cleared. */
export function sessionResolver(auth: AuthService): SessionResolver {
  return {
    async resolve(req: FastifyRequest, reply: FastifyReply) {
      const token = req.cookies[SESSION_COOKIE];
      if (!token) return null;
      const session = await auth.resolveSession(token);
      if (!session) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return session;
    },
  };
}

/**
 * The same, for the lean path (http/lean-router.ts), which has no Fastify request: the session of a Cookie
 * header, read by the cookie plugin's own parser, and the Set-Cookie that `reply.clearCookie` would send for a
 * dead one. A session the cache holds is answered at once (no promise); any other is read as `resolveSession` reads it.
 */
export function leanSessionReader(auth: AuthService, app: FastifyInstance): LeanOptions['session'] {
  const clear = app.serializeCookie(SESSION_COOKIE, '', { sameSite: 'lax', path: '/', expires: new Date(0), maxAge: 0 });
  const found = (session: { user: SessionUser; sessionId: string } | null) => ({ session, clear: session ? null : clear });
  return (header) => {
    const token = header ? app.parseCookie(header)[SESSION_COOKIE] : undefined;
    if (!token) return { session: null, clear: null };
    const cached = auth.cachedSession(token);
    return cached ? { session: cached, clear: null } : auth.resolveSession(token).then(found);
  };
}

export function registerAuth(registrar: Registrar, auth: AuthService, startup: StartupService, config: Config): void {
  const cookieOptions = (req: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.SECURE_COOKIES ?? req.protocol === 'https',
    maxAge: config.SESSION_ABSOLUTE_HOURS * 3600,
  });

  /**
   * Counts the attempt per client address and, where one is named, per account: in the database, so that every
   * app server shares the count (ADR 0005). Over the limit: 429 TooManyRequests, with when to retry.
   */
  async function limit(ctx: PublicCallContext, kind: AttemptKind, account?: string): Promise<void> {
    const verdict = await auth.attempts.hit(kind, { address: ctx.req.ip ?? null, account });
    ctx.reply.header('x-ratelimit-limit', verdict.limit);
    ctx.reply.header('x-ratelimit-remaining', verdict.remaining);
    ctx.reply.header('x-ratelimit-reset', verdict.resetSeconds);
    if (verdict.allowed) return;
    ctx.reply.header('retry-after', verdict.resetSeconds);
    throw tooManyAttempts(verdict);
  }

  registrar.feature(
    authEndpoints,
    {
      async login(input, ctx) {
        await limit(ctx, 'sign-in', input.email);
        // A new session id at every sign-in; whatever session the browser had is ended.
        await auth.logout(ctx.req.cookies[SESSION_COOKIE]);
        const { result, sessionToken } = await auth.login(input.email, input.password, clientMeta(ctx.req));
        if (sessionToken) ctx.reply.setCookie(SESSION_COOKIE, sessionToken, cookieOptions(ctx.req));
        else ctx.reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return result;
      },
      initial: (_input, ctx) => startup.initial(ctx.user),
      async logout(_input, ctx) {
        await auth.logout(ctx.req.cookies[SESSION_COOKIE]);
        ctx.reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return true as const;
      },
      async forgot(input, ctx) {
        await limit(ctx, 'reset-request', input.email);
        await auth.forgot(input.email);
        return true as const;
      },
      async checkToken(input, ctx) {
        await limit(ctx, 'check-token');
        return { valid: await auth.checkToken(input.token) };
      },
      async reset(input, ctx) {
        await limit(ctx, 'reset');
        return { valid: await auth.reset(input.token, input.password) };
      },
    },
  );
}
