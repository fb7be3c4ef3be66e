import type { Db } from '../../db/database';
import { REPORT_TEXTS, type ReportTexts, textsFrom } from './report.texts';

/** Reads (and seeds) the report's fixed texts in the language tables. */
export class ReportTextsRepository {
  constructor(private readonly db: Db) {}

  async load(languageId: number): Promise<ReportTexts> {
    const rows = await this.db
      .selectFrom('language_texts as t')
      .innerJoin('language_keys as k', 'k.id', 't.key_id')
      .innerJoin('languages as l', 'l.id', 't.language_id')
      .select(['k.key', 't.text', 't.language_id as languageId', 'l.name as language'])
      .where('k.key', 'in', Object.keys(REPORT_TEXTS))
      .execute();
    const stored = new Map(rows.filter((r) => r.languageId === languageId).map((r) => [r.key, r.text]));
    const english = new Map(rows.filter((r) => r.language === 'English').map((r) => [r.key, r.text]));
    return textsFrom(stored, english);
  }

  /** Adds the report keys with English and Afrikaans texts where they are missing; edits made later are kept. */
  async seed(): Promise<void> {
    const languages = await this.db.selectFrom('languages').select(['id', 'name']).where('name', 'in', ['English', 'Afrikaans']).execute();
    for (const [key, words] of Object.entries(REPORT_TEXTS)) {
      let row = await this.db.selectFrom('language_keys').select('id').where('key', '=', key).executeTakeFirst();
      row ??= await this.db.insertInto('language_keys').values({ key, frontend: false }).returning('id').executeTakeFirstOrThrow();
      for (const lang of languages) {
        const text = lang.name === 'English' ? words[0] : words[1];
        await this.db
          .insertInto('language_texts')
          .values({ key_id: row.id, language_id: lang.id, text })
          .onConflict((oc) => oc.columns(['key_id', 'language_id']).doNothing())
          .execute();
      }
    }
  }
}
