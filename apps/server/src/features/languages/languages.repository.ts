import { type SqlBool, sql } from 'kysely';
import type { PagedRequest } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';

export interface LanguageRecord {
  id: number;
  name: string;
  rowVersion: number;
}
export interface KeyRecord {
  keyId: number;
  key: string;
  frontend: boolean;
  rowVersion: number;
}
export interface TextRecord {
  keyId: number;
  key: string;
  languageId: number;
  text: string;
}

const LANGUAGE_SORTS = { id: 'id', name: sql`lower(name)` };
const KEY_SORTS = { keyId: 'id', key: sql`lower(key)`, frontend: 'frontend' };
/** The Keys tab's column of one language ('lang-{id}') sorts by that language's text of each key (none as ''). */
function textSorts(sortBy: string) {
  const m = /^lang-(\d{1,9})$/.exec(sortBy);
  if (!m) return {};
  return { [sortBy]: sql`lower(coalesce((select t.text from language_texts t where t.key_id = k.id and t.language_id = ${Number(m[1])}), ''))` };
}


/** All SQL of languages, language keys and their texts. */
export class LanguagesRepository {
  constructor(private readonly db: Db) {}

  listLanguages(db: Db = this.db) {
    return db.selectFrom('languages').select(['id', 'name']).orderBy('id').execute();
  }

  /** The fallback language: the first one installed (English, seeded first). */
  async fallbackLanguageId(db: Db = this.db): Promise<number | null> {
    const r = await db.selectFrom('languages').select((eb) => eb.fn.min<number>('id').as('id')).executeTakeFirst();
    return r?.id ?? null;
  }

  pagedLanguages(req: PagedRequest) {
    return pagedQuery(req, {
      from: this.db.selectFrom('languages'),
      select: (q) => q.select(['id', 'name', 'row_version as rowVersion']),
      search: ['name'],
      sorts: LANGUAGE_SORTS,
      defaultSort: 'id',
      tieBreak: ['id'],
    });
  }

  findLanguage(db: Db, id: number, forUpdate = false): Promise<LanguageRecord | undefined> {
    let q = db.selectFrom('languages').select(['id', 'name', 'row_version as rowVersion']).where('id', '=', id);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async nameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
    let q = db.selectFrom('languages').select('id').where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Inserts unless the name is taken (the unique index decides, also under concurrent saves). */
  insertLanguage(db: Db, name: string): Promise<LanguageRecord | undefined> {
    return db
      .insertInto('languages')
      .values({ name })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'name', 'row_version as rowVersion'])
      .executeTakeFirst();
  }

  /** Renames when the row still has the expected version; undefined when it does not. */
  updateLanguage(db: Db, id: number, name: string, rowVersion: number): Promise<LanguageRecord | undefined> {
    return db
      .updateTable('languages')
      .set((eb) => ({ name, row_version: eb('row_version', '+', 1) }))
      .where('id', '=', id)
      .where('row_version', '=', rowVersion)
      .returning(['id', 'name', 'row_version as rowVersion'])
      .executeTakeFirst();
  }

  pagedKeys(req: PagedRequest) {
    return pagedQuery(req, {
      from: this.db.selectFrom('language_keys as k'),
      select: (q) => q.select(['k.id as keyId', 'k.key', 'k.frontend', 'k.row_version as rowVersion']),
      search: [
        'k.key',
        (pattern) => sql<SqlBool>`exists (select t.key_id from language_texts t where t.key_id = k.id and t.text ilike ${pattern})`,
      ],
      sorts: { ...KEY_SORTS, ...textSorts(req.sortBy) },
      defaultSort: 'key',
      tieBreak: ['k.id'],
    });
  }

  findKey(db: Db, keyId: number, forUpdate = false): Promise<KeyRecord | undefined> {
    let q = db.selectFrom('language_keys').select(['id as keyId', 'key', 'frontend', 'row_version as rowVersion']).where('id', '=', keyId);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async keyTaken(db: Db, key: string): Promise<boolean> {
    const r = await db.selectFrom('language_keys').select('id').where(sql<boolean>`lower(key) = lower(${key})`).executeTakeFirst();
    return r !== undefined;
  }

  insertKey(db: Db, key: string, frontend: boolean): Promise<KeyRecord | undefined> {
    return db
      .insertInto('language_keys')
      .values({ key, frontend })
      .onConflict((oc) => oc.doNothing())
      .returning(['id as keyId', 'key', 'frontend', 'row_version as rowVersion'])
      .executeTakeFirst();
  }

  /** Changes a key (its flag, or only its version when its texts change); conditional on the version when given. */
  touchKey(db: Db, keyId: number, patch: { frontend?: boolean }, rowVersion?: number): Promise<KeyRecord | undefined> {
    let q = db
      .updateTable('language_keys')
      .set((eb) => ({ ...patch, row_version: eb('row_version', '+', 1) }))
      .where('id', '=', keyId);
    if (rowVersion !== undefined) q = q.where('row_version', '=', rowVersion);
    return q.returning(['id as keyId', 'key', 'frontend', 'row_version as rowVersion']).executeTakeFirst();
  }

  async deleteKey(db: Db, keyId: number): Promise<boolean> {
    const r = await db.deleteFrom('language_keys').where('id', '=', keyId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async upsertTexts(db: Db, keyId: number, entries: { languageId: number; text: string }[]): Promise<void> {
    if (entries.length === 0) return;
    await db
      .insertInto('language_texts')
      .values(entries.map((e) => ({ key_id: keyId, language_id: e.languageId, text: e.text })))
      .onConflict((oc) => oc.columns(['key_id', 'language_id']).doUpdateSet((eb) => ({ text: eb.ref('excluded.text') })))
      .execute();
  }

  /** Texts of the given keys (by id) in every language. */
  textsOfKeys(db: Db, keyIds: number[]): Promise<TextRecord[]> {
    if (keyIds.length === 0) return Promise.resolve([]);
    return this.texts(db).where('k.id', 'in', keyIds).execute();
  }

  /** Texts in the given languages, optionally only frontend keys or only the named keys. */
  textsIn(db: Db, languageIds: number[], opts: { frontendOnly?: boolean; keys?: string[] } = {}): Promise<TextRecord[]> {
    if (languageIds.length === 0 || opts.keys?.length === 0) return Promise.resolve([]);
    let q = this.texts(db).where('t.language_id', 'in', languageIds).where('t.text', '<>', '');
    if (opts.frontendOnly) q = q.where('k.frontend', '=', true);
    if (opts.keys) q = q.where('k.key', 'in', opts.keys);
    return q.execute();
  }

  private texts(db: Db) {
    return db
      .selectFrom('language_texts as t')
      .innerJoin('language_keys as k', 'k.id', 't.key_id')
      .select(['k.id as keyId', 'k.key', 't.language_id as languageId', 't.text']);
  }

  languageIdByName(db: Db, name: string): Promise<number | undefined> {
    return db.selectFrom('languages').select('id').where('name', '=', name).executeTakeFirst().then((r) => r?.id);
  }

  /** Inserts the missing keys and missing texts of a reference list; never changes what exists. */
  async insertMissing(db: Db, rows: { key: string; frontend: boolean; texts: { languageId: number; text: string }[] }[]): Promise<number> {
    if (rows.length === 0) return 0;
    const added = await db
      .insertInto('language_keys')
      .values(rows.map((r) => ({ key: r.key, frontend: r.frontend })))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    const ids = await db.selectFrom('language_keys').select(['id', 'key']).where('key', 'in', rows.map((r) => r.key)).execute();
    const idOf = new Map(ids.map((r) => [r.key, r.id]));
    const texts = rows.flatMap((r) => r.texts.map((t) => ({ key_id: idOf.get(r.key) ?? 0, language_id: t.languageId, text: t.text }))).filter((t) => t.key_id);
    if (texts.length) await db.insertInto('language_texts').values(texts).onConflict((oc) => oc.doNothing()).execute();
    return added.length;
  }
}
