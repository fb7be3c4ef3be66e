import { type ColumnPreference, PREFERENCE_MESSAGES } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict } from '../../http/errors';
import { PreferencesRepository } from './preferences.repository';

/** A user's own preferences (ADR 0135): each user reads and writes only their own. */
export class PreferencesService {
  private readonly repo: PreferencesRepository;

  constructor(db: Db) {
    this.repo = new PreferencesRepository(db);
  }

  columns(userId: number): Promise<ColumnPreference[]> {
    return this.repo.columns(userId);
  }

  /** Saves a list's hidden columns (each once); a first save of a list saved already, or a stale version, answers 409. */
  async saveColumns(userId: number, input: { table: string; hidden: string[]; rowVersion: number }): Promise<ColumnPreference> {
    const hidden = [...new Set(input.hidden)];
    const saved = input.rowVersion === 0
      ? await this.repo.insert(userId, input.table, hidden)
      : await this.repo.update(userId, input.table, hidden, input.rowVersion);
    if (!saved) throw conflict(PREFERENCE_MESSAGES.changed);
    return saved;
  }
}
