import type { Db } from '../../db/database';

export interface LimitsRow {
  sugarLimit: number;
  starchLimit: number;
}
export interface SettingsRow extends LimitsRow {
  rowVersion: number;
}

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get(db: Db = this.db): Promise<SettingsRow> {
    const row = await db.selectFrom('settings').select(['sugar_limit as sugarLimit', 'starch_limit as starchLimit', 'row_version as rowVersion']).where('id', '=', 1).executeTakeFirst();
    return row ?? { sugarLimit: 0, starchLimit: 0, rowVersion: 1 };
  }

  /** Saves the limits over the version read: the new version, or undefined when another save came first. */
  async update(db: Db, limits: LimitsRow, rowVersion: number, userId: number): Promise<number | undefined> {
    const r = await db
      .updateTable('settings')
      .set((eb) => ({ sugar_limit: limits.sugarLimit, starch_limit: limits.starchLimit, updated_by: userId, updated_at: new Date(), row_version: eb('row_version', '+', 1) }))
      .where('id', '=', 1)
      .where('row_version', '=', rowVersion)
      .returning('row_version')
      .executeTakeFirst();
    return r?.row_version;
  }
}
