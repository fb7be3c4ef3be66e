import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { messagesSocket } from '@sapwood/contracts';
import { type Config, trustProxyOf } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { AppDeps } from './http/context';
import { installErrorHandler } from './http/errors';
import { type LeanOptions, LeanRouter } from './http/lean-router';
import { lazySchemaCompilers } from './http/lazy-schema-compilers';
import { Registrar } from './http/registrar';
import { requestFactsReader } from './http/request-facts';
import { RequestLogController, requestLogOptions, userOfRequest } from './http/request-log';
import { requestLoggerFactory } from './http/request-logger';
import { installRequestGuards, requestGuards } from './http/security';
import { scoped } from './http/scoped';
import { appSecurityHeaders } from './http/security-headers';
import { upgradesOf } from './http/upgrades';
import { featureServices, referenceMovers, registerFeatures } from './features';
import { userAccounts } from './features/users';
import { leanSessionReader, registerAuth, sessionResolver } from './platform/auth/auth.routes';
import { AuthService } from './platform/auth/auth.service';
import { mailLinkBase } from './platform/auth/links';
import { AUTH_CHANGED_CHANNEL, SessionCache } from './platform/auth/session-cache';
import { registerDocs } from './platform/docs/docs.routes';
import { ErrorReportsRepository } from './platform/errors/errors.repository';
import { registerErrors } from './platform/errors/errors.routes';
import { ErrorReportsService } from './platform/errors/errors.service';
import { createErrorReportingClient } from './platform/errors/sentry.client';
import { registerHealth } from './platform/health/health.routes';
import { createMfwClient } from './platform/integrations/mfw.client';
import { createNvirotekClient } from './platform/integrations/nvirotek.client';
import { createWynlandClient } from './platform/integrations/wynland.client';
import { JobQueue } from './platform/jobs/job-queue';
import { createMailer } from './platform/mail/mailer';
import { registerSettings } from './platform/settings/settings.routes';
import { SettingsService } from './platform/settings/settings.service';
import { StartupService } from './platform/startup/startup.service';
import { createStorage } from './platform/storage/storage';
import { checkFileStore } from './platform/storage/store-record';
import { registerMessagesSocket } from './platform/version/messages.socket';
import { VersionService } from './platform/version/version.service';
import { seed } from './seed/seed';

/** the largest request body an endpoint takes unless it declares its own */
const BODY_LIMIT = 2 * 1024 * 1024;

/** the compiled server's new-database template, beside it in dist/ (scripts/build-server.mjs) */
export const EMPTY_DATABASE = 'empty-database.tar';

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  registrar: Registrar;
  /** the list reads served past Fastify's pipeline (http/lean-router.ts) */
  lean: LeanRouter;
  /** every route the server holds, as registered (the registry test compares them with the contracts) */
  routes: { method: string; url: string }[];
  /** the context of the /messages socket (its `websocketServer` holds the open connections) */
  socket: FastifyInstance;
  services: { auth: AuthService; settings: SettingsService; versions: VersionService; jobs: JobQueue };
  close(): Promise<void>;
}

export interface BuildOptions {
  database?: DatabaseHandle;
  logger?: boolean;
  /** where log lines go instead of stdout (tests read what the server logs) */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL, ...requestLogOptions, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // one line per request, written once the answer is sent, so that it names the signed-in user
    logController: new RequestLogController(),
    // a request's logger is made when it first writes a line (http/request-logger.ts); none is needed without a logger
    ...(opts.logger !== false && { childLoggerFactory: requestLoggerFactory }),
    trustProxy: trustProxyOf(config),
    bodyLimit: BODY_LIMIT,
    // the leaf report's preview image is a GET carrying the two typed texts (4,000 characters each, up to 6
    // bytes each once percent-encoded): Node's 16 KB header limit would refuse a long recommendation
    http: { maxHeaderSize: 64 * 1024 },
    ajv: { customOptions: { coerceTypes: false } },
    // ajv and fast-json-stringify only if a route ever declares a Fastify schema (ours do not: zod contracts)
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });
  // the file store first: a wrong S3 setting stops the start with a clear message (ADR 0077)
  const storage = createStorage(config, app.log);
  await storage.verify?.();
  // a new embedded database starts from the compiled server's template when there is one (db/template.ts, ADR 0175)
  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, template: join(import.meta.dirname, EMPTY_DATABASE) }));
  await migrateToLatest(database.db);
  // every server of a database keeps its files in the same store: a server with another refuses to start (ADR 0108)
  const fileStore = await checkFileStore(database.db, storage).catch(async (err: unknown) => {
    storage.close?.();
    if (!opts.database) await database.close();
    throw err;
  });

  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM, app.log);
  // Every query of the app goes through the session cache's write watcher (ADR 0009).
  const sessions = new SessionCache(config.SESSION_CACHE_SECONDS * 1000, config.SESSION_IDLE_MINUTES * 60_000);
  const deps: AppDeps = { config, db: database.db.withPlugin(sessions.writeWatcher()), dbKind: database.kind, notifier: database.notifier, log: app.log };
  await deps.notifier.listen(AUTH_CHANGED_CHANNEL, () => sessions.clear());
  const auth = new AuthService(deps.db, config, mailer, app.log, mailLinkBase(config.PUBLIC_URL, () => app.server.address(), config.PORT), userAccounts(deps.db), sessions);
  const settings = new SettingsService(deps.db);
  const versions = new VersionService(deps.db, deps.notifier, config.APP_VERSION);
  const startup = new StartupService(deps.db, config, settings, versions);
  const jobs = new JobQueue(deps.db, deps.notifier, app.log);

  // The error handler goes first: a route keeps the handler that was set when it was built, and awaiting a
  // plugin (the static files) builds the routes declared before it.
  const webDist = resolve(config.WEB_DIST ?? join(import.meta.dirname, '../../web/dist'));
  const indexHtml = existsSync(join(webDist, 'index.html')) ? readFileSync(join(webDist, 'index.html'), 'utf8') : null;
  const sentry = await createErrorReportingClient({ dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT, release: config.APP_VERSION });
  const errorReports = new ErrorReportsService(new ErrorReportsRepository(deps.db), sentry, config.APP_VERSION, app.log);
  installErrorHandler(app, indexHtml, (err, req) => errorReports.serverError(err, req, userOfRequest(req)));

  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: m, url: r.url });
  });
  // a check added here as a hook does not reach the lean path's list reads (http/lean-router.ts, ADR 0237):
  // checks are shared pieces that both paths call
  await app.register(cookie);
  await app.register(formbody);
  // the security headers, HSTS, the origin check and no-store on /api (http/security.ts)
  const guards = requestGuards({ headers: appSecurityHeaders(config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : []), publicUrl: config.PUBLIC_URL });
  installRequestGuards(app, guards);
  await app.register(rateLimit, { global: false });
  // form uploads and the live-message socket in contexts of their own: their hooks run for their routes only (ADR 0096)
  const forms = (await scoped(app, (c) => c.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 50 } }))).context;
  // (the plugin listens to the upgrades of `server` when given one: the gate that passes on those of /messages alone)
  const socket = (await scoped(app, (c) => c.register(websocket, { options: { server: upgradesOf(app.server, messagesSocket.path) as never } }))).context;

  const checkOutput = process.env.NODE_ENV !== 'production';
  const compress = config.API_COMPRESSION === 'on';
  // list reads past Fastify's per-request pipeline, with the same checks (ADR 0237); Fastify serves every other request
  const lean = new LeanRouter({
    session: leanSessionReader(auth, app), guards, facts: requestFactsReader(trustProxyOf(config)), bodyLimit: BODY_LIMIT, compress, checkOutput,
    log: app.log as unknown as LeanOptions['log'], onUnexpected: (err, req, userId) => errorReports.serverError(err, req, userId),
  });
  lean.install(app.server);
  app.addHook('preClose', (done) => {
    lean.close();
    done();
  });
  const registrar = new Registrar(app, forms, sessionResolver(auth), { checkOutput, rateLimit: config.AUTH_RATE_LIMIT, compress, lean });
  registerAuth(registrar, auth, startup, config);
  registerSettings(registrar, settings);
  registerErrors(registrar, errorReports);
  registerFeatures(registrar, {
    ...deps,
    auth,
    jobs,
    storage,
    mfw: createMfwClient({ url: config.MFW_URL, apiKey: config.MFW_API_KEY, timeoutMs: config.MFW_TIMEOUT_MS }),
    labs: {
      nvirotek: createNvirotekClient({ url: config.NVIROTEK_URL, apiKey: config.NVIROTEK_API_KEY, timeoutMs: config.LABS_TIMEOUT_MS }),
      wynland: createWynlandClient({ url: config.WYNLAND_URL, apiKey: config.WYNLAND_API_KEY, timeoutMs: config.LABS_TIMEOUT_MS }),
    },
    references: referenceMovers(),
    services: featureServices(),
  });
  registerMessagesSocket(socket, versions, { sessions: sessionResolver(auth), publicUrl: config.PUBLIC_URL });
  registerDocs(registrar, config.APP_VERSION);
  registerHealth(app, { db: deps.db, jobsRunning: () => jobs.isRunning, fileStore });

  // the build's hashed assets never change under their names: cached for a year; each sent as the .br or .gz
  // copy the build wrote when the browser takes it (ADR 0114); other files (icons) revalidated
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist, wildcard: false, index: false, preCompressed: true, cacheControl: false,
      // a route for each file the build wrote, but not for its .br and .gz copies, which are sent in its place: two
      // thirds fewer routes made at every start
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, path) => res.setHeader('cache-control', path.startsWith(join(webDist, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }

  await seed(deps, app.log);
  await versions.start();
  await jobs.start();
  const sweep = setInterval(() => void auth.sweep().catch(() => undefined), 15 * 60_000);
  sweep.unref();

  return {
    app,
    deps,
    registrar,
    lean,
    routes,
    socket,
    services: { auth, settings, versions, jobs },
    async close() {
      clearInterval(sweep);
      await jobs.stop();
      await app.close();
      await sentry?.close();
      storage.close?.();
      if (!opts.database) await database.close();
    },
  };
}
