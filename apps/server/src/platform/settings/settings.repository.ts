import type { Db } from '../../db/database';

export interface LimitsRow {
  sugarLimit: number;
  starchLimit: number;
}

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get(db: Db = this.db, forUpdate = false): Promise<LimitsRow> {
    let q = db.selectFrom('settings').select(['sugar_limit as sugarLimit', 'starch_limit as starchLimit']).where('id', '=', 1);
    if (forUpdate) q = q.forUpdate();
    return (await q.executeTakeFirst()) ?? { sugarLimit: 0, starchLimit: 0 };
  }

  async update(db: Db, limits: LimitsRow, userId: number): Promise<void> {
    await db
      .updateTable('settings')
      .set({ sugar_limit: limits.sugarLimit, starch_limit: limits.starchLimit, updated_by: userId, updated_at: new Date() })
      .where('id', '=', 1)
      .execute();
  }
}
