import type { Db } from '../../db/database';
import { recordChange } from '../../platform/audit/audit';
import type { TextKey } from '../../platform/features/feature-module';
import { LanguagesRepository } from './languages.repository';
import { REFERENCE_TEXTS } from './languages.seed-data';

/**
 * Reference seed (every start, with or without demo data): adds the missing keys and the missing
 * English and Afrikaans texts of REFERENCE_TEXTS and of the features' own `textKeys`. Texts an
 * administrator changed are never touched. A key declared twice is a programming error.
 */
export async function seedLanguageTexts(db: Db, featureKeys: readonly TextKey[] = []): Promise<void> {
  const all = [...REFERENCE_TEXTS, ...featureKeys];
  const seen = new Set<string>();
  for (const [key] of all) {
    if (seen.has(key)) throw new Error(`Text key ${key} is declared twice`);
    seen.add(key);
  }
  const repo = new LanguagesRepository(db);
  await db.transaction().execute(async (trx) => {
    const english = await repo.languageIdByName(trx, 'English');
    const afrikaans = await repo.languageIdByName(trx, 'Afrikaans');
    const rows = all.map(([key, frontend, en, af]) => ({
      key,
      frontend,
      texts: [
        ...(english ? [{ languageId: english, text: en }] : []),
        ...(afrikaans ? [{ languageId: afrikaans, text: af }] : []),
      ],
    }));
    const added = await repo.insertMissing(trx, rows);
    if (added > 0) await recordChange(trx, { userId: null, entity: 'language_key', entityId: 'seed', action: 'seed', newValues: { keysAdded: added } });
  });
}
