import type { Db } from '../../db/database';
import { recordChange } from '../audit/audit';
import { type LimitsRow, SettingsRepository } from './settings.repository';

export class SettingsService {
  private readonly repo: SettingsRepository;

  constructor(private readonly db: Db) {
    this.repo = new SettingsRepository(db);
  }

  getLimits(): Promise<LimitsRow> {
    return this.repo.get();
  }

  async updateLimits(limits: LimitsRow, userId: number): Promise<LimitsRow> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx, true);
      await this.repo.update(trx, limits, userId);
      await recordChange(trx, { userId, entity: 'settings', entityId: 1, action: 'update', oldValues: old, newValues: limits });
      return limits;
    });
  }
}
