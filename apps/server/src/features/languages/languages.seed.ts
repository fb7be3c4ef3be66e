import type { Db } from '../../db/database';
import { recordChange } from '../../platform/audit/audit';
import { LanguagesRepository } from './languages.repository';
import { REFERENCE_TEXTS } from './languages.seed-data';

/**
 * Reference seed (every start, with or without demo data): adds the missing keys and the missing
 * English and Afrikaans texts of REFERENCE_TEXTS. Texts an administrator changed are never touched.
 */
export async function seedLanguageTexts(db: Db): Promise<void> {
  const repo = new LanguagesRepository(db);
  await db.transaction().execute(async (trx) => {
    const english = await repo.languageIdByName(trx, 'English');
    const afrikaans = await repo.languageIdByName(trx, 'Afrikaans');
    const rows = REFERENCE_TEXTS.map(([key, frontend, en, af]) => ({
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
