import type { Db } from '../../db/database';
import { LanguagesRepository, type TextRecord } from './languages.repository';

/** key → text in the chosen language; where that text is missing or empty, the fallback language's. */
export type Texts = Record<string, string>;

export function resolveTexts(rows: TextRecord[], languageId: number | null, fallbackId: number | null): Texts {
  const out: Texts = {};
  for (const r of rows) if (r.languageId === fallbackId) out[r.key] = r.text;
  for (const r of rows) if (r.languageId === languageId) out[r.key] = r.text;
  return out;
}

/**
 * The texts of a language for server-side rendering (reports): every key (or only `keys`) with its text
 * in `languageId`, falling back to English (the first language) where the text is missing or empty.
 * A key with no text in either language is absent, so callers write `texts['report.client'] ?? 'Client'`.
 */
export function loadTexts(db: Db, languageId: number | null, keys?: string[]): Promise<Texts> {
  return load(db, languageId, { keys });
}

/** The web app's texts: frontend keys only, resolved the same way. */
export function loadFrontendTexts(db: Db, languageId: number | null): Promise<Texts> {
  return load(db, languageId, { frontendOnly: true });
}

async function load(db: Db, languageId: number | null, opts: { frontendOnly?: boolean; keys?: string[] }): Promise<Texts> {
  const repo = new LanguagesRepository(db);
  const fallbackId = await repo.fallbackLanguageId(db);
  const ids = [...new Set([fallbackId, languageId].filter((id): id is number => id !== null))];
  return resolveTexts(await repo.textsIn(db, ids, opts), languageId, fallbackId);
}
