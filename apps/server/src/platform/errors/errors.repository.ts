import { sql } from 'kysely';
import type { ErrorGroup, ErrorGroupRow, Paged, PagedRequest } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

/** One occurrence of an error, as kept. */
export interface ErrorOccurrence {
  fingerprint: string;
  source: 'browser' | 'server';
  message: string;
  stack: string;
  screen: string;
  appVersion: string;
  userId: number | null;
}

const ROW = ['id', 'source', 'message', 'screen', 'count', 'first_seen as firstSeen', 'last_seen as lastSeen'] as const;
const SORTS = { recent: [sql`-extract(epoch from last_seen)`], lastSeen: ['last_seen'], count: ['count', 'last_seen'], message: [sql`lower(message)`], source: ['source', 'last_seen'] };

/** All SQL of the kept crash reports (table error_reports, migration 0242). */
export class ErrorReportsRepository {
  constructor(private readonly db: Db) {}

  /** a new group, or one more occurrence of a known one (its details become the last occurrence's) */
  async record(o: ErrorOccurrence): Promise<void> {
    await this.db.insertInto('error_reports')
      .values({ fingerprint: o.fingerprint, source: o.source, message: o.message, stack: o.stack, screen: o.screen, app_version: o.appVersion, user_id: o.userId })
      .onConflict((c) => c.column('fingerprint').doUpdateSet({
        count: sql`error_reports.count + 1`,
        last_seen: sql`now()`,
        stack: (eb) => eb.ref('excluded.stack'),
        screen: (eb) => eb.ref('excluded.screen'),
        app_version: (eb) => eb.ref('excluded.app_version'),
        user_id: (eb) => eb.ref('excluded.user_id'),
      }))
      .execute();
  }

  paged(req: PagedRequest): Promise<Paged<ErrorGroupRow>> {
    return pagedQuery(req, {
      from: this.db.selectFrom('error_reports'),
      select: (q) => q.select(ROW),
      search: ['message', 'screen', 'source'],
      sorts: SORTS,
      defaultSort: 'recent',
      tieBreak: ['id'],
    });
  }

  async get(id: number): Promise<ErrorGroup | undefined> {
    return this.db.selectFrom('error_reports as e').leftJoin('users as u', 'u.id', 'e.user_id')
      .select([...ROW.map((c) => `e.${c}` as const), 'e.fingerprint', 'e.stack', 'e.app_version as appVersion', 'e.user_id as userId', 'u.name as userName'])
      .where('e.id', '=', id).executeTakeFirst();
  }
}
