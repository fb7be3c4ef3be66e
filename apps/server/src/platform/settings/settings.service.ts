import { SETTINGS_MESSAGES } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict } from '../../http/errors';
import { recordChange } from '../audit/audit';
import { type LimitsRow, SettingsRepository, type SettingsRow } from './settings.repository';

export class SettingsService {
  private readonly repo: SettingsRepository;

  constructor(private readonly db: Db) {
    this.repo = new SettingsRepository(db);
  }

  /** The limits with the version a save must carry. */
  get(): Promise<SettingsRow> {
    return this.repo.get();
  }

  async getLimits(): Promise<LimitsRow> {
    const { sugarLimit, starchLimit } = await this.repo.get();
    return { sugarLimit, starchLimit };
  }

  /** Saves the limits over the version read; a newer one answers 409 and changes nothing. */
  async updateLimits(input: SettingsRow, userId: number): Promise<SettingsRow> {
    const limits = { sugarLimit: input.sugarLimit, starchLimit: input.starchLimit };
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx);
      const rowVersion = await this.repo.update(trx, limits, input.rowVersion, userId);
      if (rowVersion === undefined) throw conflict(SETTINGS_MESSAGES.changed);
      await recordChange(trx, { userId, entity: 'settings', entityId: 1, action: 'update', oldValues: { sugarLimit: old.sugarLimit, starchLimit: old.starchLimit }, newValues: limits });
      return { ...limits, rowVersion };
    });
  }
}
