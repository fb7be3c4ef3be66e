import { readFileSync } from 'node:fs';
import { z } from 'zod';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

const Bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/** Environment, validated once at boot. Unknown or malformed values stop the server with a clear message. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** uploaded and generated files; default DATA_DIR/files. Several app servers share one folder (ADR 0077). */
  FILES_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  APP_VERSION: z.string().default(pkg.version),
  IS_DEV: Bool.default(false),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sapwood <no-reply@sapwood.local>'),
  PUBLIC_URL: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(8 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(72),
  /** how long a resolved session is reused without asking the database (0: never; ADR 0009) */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  RESET_TOKEN_MINUTES: z.coerce.number().positive().default(60),
  LOCKOUT_ATTEMPTS: z.coerce.number().int().positive().default(5),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  SECURE_COOKIES: Bool.optional(),
  /** whose X-Forwarded-* headers to believe: 'true', 'false', or addresses/CIDRs/names (proxy-addr) */
  TRUST_PROXY: z.string().default('loopback,linklocal,uniquelocal'),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: Bool.default(true),
  LOG_LEVEL: z.string().default('info'),
  MFW_URL: z.string().url().optional(),
  MFW_API_KEY: z.string().optional(),
  MFW_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
});

export type Config = z.output<typeof EnvSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}

/** Fastify's trustProxy from TRUST_PROXY: only proxies on this host or a private network by default. */
export function trustProxyOf(config: Pick<Config, 'TRUST_PROXY'>): boolean | string {
  if (config.TRUST_PROXY === 'true') return true;
  if (config.TRUST_PROXY === 'false' || config.TRUST_PROXY === '') return false;
  return config.TRUST_PROXY;
}
