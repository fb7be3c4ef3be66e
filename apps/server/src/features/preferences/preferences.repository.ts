import type { ColumnPreference } from '@sapwood/contracts';
import type { Db } from '../../db/database';

const COLUMNS = ['table_key as table', 'hidden', 'row_version as rowVersion'] as const;

/** A user's column choices (table column_preferences). */
export class PreferencesRepository {
  constructor(private readonly db: Db) {}

  async columns(userId: number): Promise<ColumnPreference[]> {
    const rows = await this.db.selectFrom('column_preferences').select(COLUMNS).where('user_id', '=', userId).orderBy('table_key').execute();
    return rows.map((r) => ({ ...r, hidden: r.hidden as string[] }));
  }

  /** The first choice of a list: undefined when one is stored already. */
  async insert(userId: number, table: string, hidden: string[]): Promise<ColumnPreference | undefined> {
    const r = await this.db
      .insertInto('column_preferences')
      .values({ user_id: userId, table_key: table, hidden: JSON.stringify(hidden) })
      .onConflict((oc) => oc.columns(['user_id', 'table_key']).doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    return r && { ...r, hidden: r.hidden as string[] };
  }

  /** A later choice over the version read: undefined when another save came first. */
  async update(userId: number, table: string, hidden: string[], rowVersion: number): Promise<ColumnPreference | undefined> {
    const r = await this.db
      .updateTable('column_preferences')
      .set((eb) => ({ hidden: JSON.stringify(hidden), updated_at: new Date(), row_version: eb('row_version', '+', 1) }))
      .where('user_id', '=', userId)
      .where('table_key', '=', table)
      .where('row_version', '=', rowVersion)
      .returning(COLUMNS)
      .executeTakeFirst();
    return r && { ...r, hidden: r.hidden as string[] };
  }
}
