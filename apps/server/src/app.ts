import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { AppDeps } from './http/context';
import { installErrorHandler } from './http/errors';
import { Registrar } from './http/registrar';
import { installOriginCheck } from './http/security';
import { registerFeatures } from './features';
import { registerAuth, sessionResolver } from './platform/auth/auth.routes';
import { AuthService } from './platform/auth/auth.service';
import { createMailer } from './platform/mail/mailer';
import { registerSettings } from './platform/settings/settings.routes';
import { SettingsService } from './platform/settings/settings.service';
import { StartupService } from './platform/startup/startup.service';
import { registerMessagesSocket } from './platform/version/messages.socket';
import { VersionService } from './platform/version/version.service';
import { seed } from './seed/seed';

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  registrar: Registrar;
  /** every route the server holds, as registered (the registry test compares them with the contracts) */
  routes: { method: string; url: string }[];
  services: { auth: AuthService; settings: SettingsService; versions: VersionService };
  close(): Promise<void>;
}

export async function buildApp(config: Config, opts: { database?: DatabaseHandle; logger?: boolean } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: false } },
  });
  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  await migrateToLatest(database.db);

  const deps: AppDeps = { config, db: database.db, dbKind: database.kind, notifier: database.notifier, log: app.log };
  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM, app.log);
  const auth = new AuthService(deps.db, config, mailer, app.log);
  const settings = new SettingsService(deps.db);
  const versions = new VersionService(deps.db, deps.notifier, config.APP_VERSION);
  const startup = new StartupService(deps.db, config, settings, versions);

  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: m, url: r.url });
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 50 } });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(websocket);
  installOriginCheck(app, config.PUBLIC_URL);

  // The error handler goes in before any route: a route takes the handler in place when it is added.
  const webDist = resolve(config.WEB_DIST ?? join(import.meta.dirname, '../../web/dist'));
  const indexHtml = existsSync(join(webDist, 'index.html')) ? readFileSync(join(webDist, 'index.html'), 'utf8') : null;
  installErrorHandler(app, indexHtml);

  const registrar = new Registrar(app, sessionResolver(auth), { checkOutput: process.env.NODE_ENV !== 'production', rateLimit: config.AUTH_RATE_LIMIT });
  registerAuth(registrar, auth, startup, config);
  registerSettings(registrar, settings);
  registerFeatures(registrar, deps, { auth });
  registerMessagesSocket(app, versions);

  if (indexHtml) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });

  await seed(deps, app.log);
  await versions.start();
  const sweep = setInterval(() => void auth.sweep().catch(() => undefined), 15 * 60_000);
  sweep.unref();

  return {
    app,
    deps,
    registrar,
    routes,
    services: { auth, settings, versions },
    async close() {
      clearInterval(sweep);
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}
