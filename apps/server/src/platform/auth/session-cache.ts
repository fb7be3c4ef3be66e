import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { SessionUser } from '../../http/context';

/** Tables whose rows decide what a session may do (a new session or a touched one changes nothing cached). */
const AUTH_TABLES = new Set(['users', 'roles']);
const ENDS_SESSIONS = new Set([...AUTH_TABLES, 'sessions']);
/** The channel the database triggers of migration 0100 notify on a change to those tables. */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

interface Entry {
  value: { user: SessionUser; sessionId: string };
  cachedAt: number;
  lastSeen: number;
  expiresAt: number;
  epoch: number;
}

/**
 * Sessions resolved in the last few seconds, so that a busy screen does not ask the database for its
 * session on every call (ADR 0009). Whatever could change what a session may do clears it: a write to
 * users, roles or sessions made by this process, at once (`writeWatcher`, a query hook), and one made by
 * another process through the database's NOTIFY (`clear`). After a local write the cache stays unused for
 * a moment, so that a read racing the writer's commit cannot store what the writer is replacing.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private epoch = 0;
  private pausedUntil = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly idleMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The epoch to hand back to `set`: a session read across a change is not kept. */
  begin(): number {
    return this.epoch;
  }

  /**
   * The session kept under `key`: the token as the cookie carries it, so that a request answered from here
   * hashes nothing (ADR 0227); the session's id (the token's SHA-256) by default.
   */
  get(key: string, now = Date.now()): { user: SessionUser; sessionId: string } | null {
    const e = this.entries.get(key);
    if (!e) return null;
    const fresh = e.epoch === this.epoch && now - e.cachedAt < this.ttlMs && now < e.expiresAt && now - e.lastSeen < this.idleMs;
    if (!fresh) {
      this.entries.delete(key);
      return null;
    }
    return e.value;
  }

  set(value: { user: SessionUser; sessionId: string }, times: { lastSeen: number; expiresAt: number }, epoch: number, now = Date.now(), key = value.sessionId): void {
    if (epoch !== this.epoch || now < this.pausedUntil) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, cachedAt: now, epoch, lastSeen: times.lastSeen, expiresAt: times.expiresAt });
  }

  /** Forgets every session (a change notified by the database). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  /** A write in this process: forget everything and keep nothing new until it has surely committed. */
  private written(): void {
    this.clear();
    this.pausedUntil = Date.now() + 2_000;
  }

  /** A query hook that sees this process's writes to users, roles and sessions. */
  writeWatcher(): KyselyPlugin {
    const writes = new WeakSet<object>();
    return {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        if (writesAuthTable(args.node)) writes.add(args.queryId);
        return args.node;
      },
      // After the statement ran (a session read meanwhile carries the old epoch and is not kept), and
      // only when it changed a row: signing in clears a failure count that is usually already 0.
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        if (writes.has(args.queryId)) {
          const changed = args.result.numAffectedRows;
          if (changed === undefined || changed > 0n) this.written();
        }
        return args.result;
      },
    };
  }
}

const RAW_WRITE = /\b(?:(?:insert\s+into|update)\s+"?(?:users|roles)|(?:delete\s+from|truncate(?:\s+table)?)\s+"?(?:users|roles|sessions))\b/i;

function tableName(node: unknown): string | null {
  const n = node as { kind?: string; table?: { identifier?: { name?: string } }; node?: unknown } | undefined;
  if (n?.kind === 'TableNode') return n.table?.identifier?.name ?? null;
  if (n?.kind === 'AliasNode') return tableName(n.node);
  return null;
}

/** Whether a query writes one of the auth tables (query builder or raw SQL). */
export function writesAuthTable(node: RootOperationNode): boolean {
  const n = node as unknown as { kind: string; into?: unknown; table?: unknown; from?: { froms?: unknown[] }; sqlFragments?: readonly string[] };
  switch (n.kind) {
    case 'InsertQueryNode':
      return AUTH_TABLES.has(tableName(n.into) ?? '');
    case 'UpdateQueryNode':
      return AUTH_TABLES.has(tableName(n.table) ?? '');
    case 'DeleteQueryNode':
      return (n.from?.froms ?? []).some((f) => ENDS_SESSIONS.has(tableName(f) ?? ''));
    case 'RawNode':
      return RAW_WRITE.test((n.sqlFragments ?? []).join(' '));
    default:
      return false;
  }
}
