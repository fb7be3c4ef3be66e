import { LANGUAGE_MESSAGES, type LanguageKeyRow, type LanguageRow, type PagedRequest, type TextsLookup } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound, validationError } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { ServiceOver } from '../../platform/service-base';
import { type KeyRecord, LanguagesRepository } from './languages.repository';
import { loadFrontendTexts } from './texts';

const uniqueName = () => fieldError('name', LANGUAGE_MESSAGES.uniqueName);
const uniqueKey = () => fieldError('key', LANGUAGE_MESSAGES.uniqueKey);

/** Languages, language keys and their texts (spec part 2 §2, §3, §5, §7). */
export class LanguagesService extends ServiceOver(LanguagesRepository) {
  index() {
    return this.repo.listLanguages();
  }

  pagedLanguages(req: PagedRequest) {
    return this.repo.pagedLanguages(req);
  }

  async keysLookup(languageId: number | null): Promise<TextsLookup> {
    return { languageId, texts: await loadFrontendTexts(this.db, languageId) };
  }

  async pagedKeys(req: PagedRequest): Promise<{ rows: LanguageKeyRow[]; total: number }> {
    const page = await this.repo.pagedKeys(req);
    const texts = await this.repo.textsOfKeys(this.db, page.rows.map((r) => r.keyId));
    return { rows: page.rows.map((r) => withTexts(r, texts)), total: page.total };
  }

  /** Adds (no id) or renames a language; the name is required and unique, case-insensitively. */
  async upsertLanguage(input: { id?: number | null; name: string; rowVersion?: number }, userId: number): Promise<LanguageRow> {
    return this.db.transaction().execute(async (trx) => {
      if (!input.id) {
        const added = await this.repo.insertLanguage(trx, input.name);
        if (!added) throw uniqueName();
        await recordChange(trx, { userId, entity: 'language', entityId: added.id, action: 'create', newValues: { name: added.name } });
        return added;
      }
      const old = await this.repo.findLanguage(trx, input.id, true);
      if (!old) throw notFound('Language');
      if (input.rowVersion !== undefined && input.rowVersion !== old.rowVersion) throw conflict(LANGUAGE_MESSAGES.changed);
      if (await this.repo.nameTaken(trx, input.name, old.id)) throw uniqueName();
      const saved = await this.repo.updateLanguage(trx, old.id, input.name, old.rowVersion).catch(rethrowUnique(uniqueName));
      if (!saved) throw conflict(LANGUAGE_MESSAGES.changed);
      await recordChange(trx, { userId, entity: 'language', entityId: old.id, action: 'update', oldValues: { name: old.name }, newValues: { name: saved.name } });
      return saved;
    });
  }

  async addNewKey(input: { key: string; frontend: boolean }, userId: number): Promise<LanguageKeyRow> {
    return this.db.transaction().execute(async (trx) => {
      const added = await this.repo.insertKey(trx, input.key, input.frontend);
      if (!added) throw uniqueKey();
      await recordChange(trx, { userId, entity: 'language_key', entityId: added.keyId, action: 'create', newValues: { key: added.key, frontend: added.frontend } });
      return { ...added, texts: {} };
    });
  }

  /** Saves a key's texts (one per language) in one transaction; a stale rowVersion answers 409. */
  async upsertKeyText(input: { keyId: number; rowVersion?: number; entries: { langId: number; text: string }[] }, userId: number): Promise<LanguageKeyRow> {
    return this.db.transaction().execute(async (trx) => {
      // the version first: a stale key is a conflict before its texts are judged
      const key = await this.lockedKey(trx, input.keyId, input.rowVersion);
      const known = new Set((await this.repo.listLanguages(trx)).map((l) => l.id));
      const unknown = input.entries.map((e, i) => ({ e, i })).filter(({ e }) => !known.has(e.langId));
      if (unknown.length) throw validationError(unknown.map(({ i }) => ({ field: `entries.${i}.langId`, message: 'Unknown language' })));
      const before = textsOf(await this.repo.textsOfKeys(trx, [key.keyId]));
      await this.repo.upsertTexts(trx, key.keyId, input.entries.map((e) => ({ languageId: e.langId, text: e.text })));
      const saved = await this.repo.touchKey(trx, key.keyId, {});
      if (!saved) throw notFound('Key');
      const after = textsOf(await this.repo.textsOfKeys(trx, [key.keyId]));
      await recordChange(trx, { userId, entity: 'language_key', entityId: key.keyId, action: 'update', oldValues: { texts: before }, newValues: { texts: after } });
      return { ...saved, texts: after };
    });
  }

  async changeDisplay(input: { keyId: number; frontend: boolean }, userId: number): Promise<LanguageKeyRow> {
    return this.db.transaction().execute(async (trx) => {
      const key = await this.lockedKey(trx, input.keyId);
      const saved = await this.repo.touchKey(trx, key.keyId, { frontend: input.frontend });
      if (!saved) throw notFound('Key');
      await recordChange(trx, { userId, entity: 'language_key', entityId: key.keyId, action: 'update', oldValues: { frontend: key.frontend }, newValues: { frontend: saved.frontend } });
      return { ...saved, texts: textsOf(await this.repo.textsOfKeys(trx, [key.keyId])) };
    });
  }

  async deleteKey(keyId: number, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const key = await this.lockedKey(trx, keyId);
      const texts = textsOf(await this.repo.textsOfKeys(trx, [keyId]));
      await this.repo.deleteKey(trx, keyId);
      await recordChange(trx, { userId, entity: 'language_key', entityId: keyId, action: 'delete', oldValues: { key: key.key, frontend: key.frontend, texts } });
      return true as const;
    });
  }

  private async lockedKey(trx: Db, keyId: number, rowVersion?: number): Promise<KeyRecord> {
    const key = await this.repo.findKey(trx, keyId, true);
    if (!key) throw notFound('Key');
    if (rowVersion !== undefined && rowVersion !== key.rowVersion) throw conflict(LANGUAGE_MESSAGES.changed);
    return key;
  }
}

function textsOf(rows: { languageId: number; text: string }[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [String(r.languageId), r.text]));
}

function withTexts(key: KeyRecord, rows: { keyId: number; languageId: number; text: string }[]): LanguageKeyRow {
  return { ...key, texts: textsOf(rows.filter((r) => r.keyId === key.keyId)) };
}

/** A unique-index violation raised by the database (a concurrent save won) becomes the spec's message. */
function rethrowUnique(make: () => Error) {
  return (err: unknown): never => {
    if ((err as { code?: string }).code === '23505') throw make();
    throw err;
  };
}
