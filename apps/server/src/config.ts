import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /** the file store in an S3-compatible object store instead of the folder: set S3_BUCKET and S3_URL (ADR 0077) */
  S3_BUCKET: z.string().optional(),
  /** the object store's endpoint, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:4569 (path-style) */
  S3_URL: z.string().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** both or neither; neither: the AWS SDK's default credential chain (AWS_* variables, ~/.aws, instance role) */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** a folder inside the bucket for this app's objects, e.g. 'sapwood' */
  S3_PREFIX: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  APP_VERSION: z.string().default(pkg.version),
  IS_DEV: Bool.default(false),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "ADMIN_PASSWORD must be at least 12 characters (ASVS 6.2.1)").optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sapwood <no-reply@sapwood.local>'),
  /** the address users open (e.g. https://sapwood.example.com): the base of links in mail; required with SMTP_URL */
  PUBLIC_URL: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(8 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(72),
  /** how long a resolved session is reused without asking the database (0: never; ADR 0009) */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  RESET_TOKEN_MINUTES: z.coerce.number().positive().default(60),
  LOCKOUT_ATTEMPTS: z.coerce.number().int().positive().default(5),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  SECURE_COOKIES: Bool.optional(),
  /**
   * whose X-Forwarded-* headers to believe (ADR 0005). Unset, empty or 'false': nobody's, the client address is
   * the peer's. Otherwise Fastify's trustProxy: the proxies' addresses or CIDRs, comma-separated (proxy-addr's
   * names loopback, linklocal and uniquelocal too), or 'true' (any peer). Not a hop count: Fastify cannot check
   * the peer with one and believes nobody, so it is refused rather than silently ignored.
   */
  TRUST_PROXY: z.string().optional().transform((v, ctx) => trustProxyValue(v, ctx)),
  WEB_DIST: z.string().optional(),
  /** demo data on a first start; only where asked for (npm start sets it on a new embedded database) */
  SEED_DEMO: Bool.default(false),
  LOG_LEVEL: z.string().default('info'),
  MFW_URL: z.string().url().optional(),
  MFW_API_KEY: z.string().optional(),
  MFW_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** the two outside labs (crop lists now, submissions later) */
  NVIROTEK_URL: z.string().url().optional(),
  NVIROTEK_API_KEY: z.string().optional(),
  WYNLAND_URL: z.string().url().optional(),
  WYNLAND_API_KEY: z.string().optional(),
  LABS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** the field capture app's service (leaf and soil captures) */
  CAPTURE_URL: z.string().url().optional(),
  CAPTURE_API_KEY: z.string().optional(),
  CAPTURE_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** how often each kind of capture is synced on its own, in minutes (fractions allowed); 0: only when asked */
  CAPTURE_SYNC_INTERVAL_MINUTES: z.coerce.number().min(0).max(10_080).default(15),
  /** a Sentry-compatible error-reporting service (the web app and the server report to it); unset: crashes are kept for the Errors screen (issue 35) */
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).default('production'),
  /** how often submissions waiting on an outside lab are sent (when not yet) and their results read (0: never) */
  LAB_POLL_INTERVAL_MINUTES: z.coerce.number().min(0).max(10_080).default(5),
  /**
   * API answers of 1 KB or more compressed when the client accepts it ('on'), or sent as they are ('off', the
   * default: on a local network compressing costs more than it saves, ADR 0220); static assets are precompressed
   */
  API_COMPRESSION: z.enum(['on', 'off']).default('off'),
});

export type Config = z.output<typeof EnvSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const problems = [...s3Problems(parsed.data), ...mailProblems(parsed.data)];
  if (problems.length) throw new Error(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return { ...parsed.data, ...overrides };
}

/** The S3 settings checked together (never echoing a value: one of them is a secret). */
function s3Problems(c: Config): string[] {
  const out: string[] = [];
  if (!c.S3_BUCKET) {
    const stray = (['S3_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const).filter((k) => c[k]);
    if (stray.length) out.push(`S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set (without it files are kept in the folder FILES_DIR)`);
    return out;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(c.S3_BUCKET)) out.push('S3_BUCKET: not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)');
  if (!c.S3_URL) out.push('S3_URL: required with S3_BUCKET (the object store\'s endpoint, e.g. https://s3.eu-west-1.amazonaws.com)');
  else if (!/^https?:\/\/[^/\s]+/.test(c.S3_URL) || !URL.canParse(c.S3_URL)) out.push('S3_URL: must be an http:// or https:// URL');
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) out.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the AWS SDK\'s default credentials');
  if (c.FILES_DIR) out.push('FILES_DIR: not used with S3_BUCKET (the file store is a folder or a bucket, not both); unset one');
  if (c.S3_PREFIX && !/^\/*[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/*$/.test(c.S3_PREFIX)) out.push('S3_PREFIX: letters, digits, dots, hyphens and underscores in /-separated parts');
  return out;
}

/**
 * Links in mail come from PUBLIC_URL only, never from a request's Host or Origin (issue 32): a server that sends
 * mail must be told its address. Without mail the link goes to the log and points at the server's own address.
 */
function mailProblems(c: Config): string[] {
  const out: string[] = [];
  if (c.PUBLIC_URL && (!/^https?:\/\/[^/\s]+/.test(c.PUBLIC_URL) || !URL.canParse(c.PUBLIC_URL))) {
    out.push('PUBLIC_URL: must be an http:// or https:// URL (the address users open, e.g. https://sapwood.example.com)');
  } else if (c.SMTP_URL && !c.PUBLIC_URL) {
    out.push('PUBLIC_URL: required with SMTP_URL: the links in mail (password reset) are built from it, never from a request\'s Host; set it to the address users open, e.g. https://sapwood.example.com');
  }
  return out;
}

/** Fastify's trustProxy from TRUST_PROXY: false (believe no forwarded header) unless it names the proxies. */
export function trustProxyOf(config: Pick<Config, 'TRUST_PROXY'>): boolean | string {
  return config.TRUST_PROXY;
}

/** proxy-addr's names of address ranges */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (address/bits or IPv4 address/netmask) or a range name, as proxy-addr reads them. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address, bits, ...rest] = entry.split('/');
  const kind = isIP(address);
  if (rest.length > 0 || kind === 0 || bits === undefined) return false;
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (kind === 4 ? 32 : 128);
  return kind === 4 && isIP(bits) === 4;
}

function trustProxyValue(raw: string | undefined, ctx: z.RefinementCtx): boolean | string {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'a hop count is not supported (Fastify believes nobody with one): name the proxies\' addresses or CIDRs' });
    return z.NEVER;
  }
  const entries = value.split(',').map((e) => e.trim()).filter((e) => e !== '');
  const bad = entries.filter((e) => !isProxyEntry(e));
  if (bad.length > 0 || entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `not a proxy address, CIDR or range name: ${bad.join(', ') || value}` });
    return z.NEVER;
  }
  return entries.join(',');
}
