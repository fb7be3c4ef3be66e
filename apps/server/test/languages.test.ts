import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_MESSAGES, languagesEndpoints as ep } from '@sapwood/contracts';
import { loadTexts } from '../src/features/languages';
import { listAudit } from '../src/platform/audit/audit.repository';
import type { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

let server: TestServer;
let admin: ApiClient;
let editor: ApiClient;
let english: number;
let afrikaans: number;

const db = () => server.built.deps.db;
const languageId = async (name: string) => (await db().selectFrom('languages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
/** A signed-in user with the given permissions whose language is set. */
async function userIn(lang: number | null, permissions: string[] = []) {
  const creds = await createUser(db(), permissions);
  await db().updateTable('users').set({ language_id: lang }).where('id', '=', creds.id).execute();
  return signedIn(server.url, creds);
}
async function findKey(key: string) {
  const r = await admin.call(ep.keys, { search: key, rowsPerPage: 100 });
  return r.body.rows.find((row: { key: string }) => row.key === key);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server.url, ADMIN);
  editor = await signedIn(server.url, await createUser(db(), ['Language']));
  english = await languageId('English');
  afrikaans = await languageId('Afrikaans');
});
afterAll(() => server.close());

describe('reference seed', () => {
  it('seeds English and Afrikaans texts for the menu, sign-in and report keys', async () => {
    const af = await loadTexts(db(), afrikaans, ['report.client', 'report.sugar', 'report.starch', 'report.leaf.plantSays', 'report.leaf.recommendation', 'menu.users']);
    expect(af).toEqual({
      'report.client': 'Kliënt', 'report.sugar': 'Suiker', 'report.starch': 'Stysel',
      'report.leaf.plantSays': 'Wat sê jou plant?', 'report.leaf.recommendation': 'Aanbeveling', 'menu.users': 'Gebruikers',
    });
    const en = await loadTexts(db(), english, ['report.carbohydrate.title', 'report.growthStage', 'login.signIn']);
    expect(en).toEqual({ 'report.carbohydrate.title': 'Carbohydrate Report', 'report.growthStage': 'Growth Stage', 'login.signIn': 'Sign in' });
  });

  it('running the seed again adds nothing and keeps edited texts', async () => {
    const key = await findKey('report.farm');
    await admin.call(ep.upsertKeyText, { keyId: key.keyId, rowVersion: key.rowVersion, entries: [{ langId: afrikaans, text: 'Plaasnaam' }] });
    const { seedLanguageTexts } = await import('../src/features/languages/languages.seed');
    const before = (await admin.call(ep.keys, {})).body.total;
    await seedLanguageTexts(db());
    expect((await admin.call(ep.keys, {})).body.total).toBe(before);
    expect(await loadTexts(db(), afrikaans, ['report.farm'])).toEqual({ 'report.farm': 'Plaasnaam' });
  });
});

describe('languages', () => {
  it('index lists the languages for any signed-in user', async () => {
    const nobody = await userIn(null);
    const r = await nobody.call(ep.index, {});
    expect(r.status).toBe(200);
    expect(r.body).toEqual(expect.arrayContaining([{ id: english, name: 'English' }, { id: afrikaans, name: 'Afrikaans' }]));
  });

  it('adds, lists, searches and renames a language, with audit records', async () => {
    const added = await editor.call(ep.upsertLanguage, { name: '  isiZulu ' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'isiZulu', rowVersion: 1 });
    const list = await editor.call(ep.languages, { search: 'zulu' });
    expect(list.body).toEqual({ rows: [added.body], total: 1 });
    const renamed = await editor.call(ep.upsertLanguage, { id: added.body.id, name: 'Zulu', rowVersion: 1 });
    expect(renamed.body).toMatchObject({ id: added.body.id, name: 'Zulu', rowVersion: 2 });
    const audit = await listAudit(db(), 'language', added.body.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it("refuses an empty or taken name with 'Unique name required' and saves nothing", async () => {
    for (const name of ['', '   ', 'english', 'AFRIKAANS']) {
      const r = await editor.call(ep.upsertLanguage, { name });
      expect(r.status, name).toBe(400);
      expect(r.body.fields).toEqual([{ field: 'name', message: LANGUAGE_MESSAGES.uniqueName }]);
    }
    const r = await editor.call(ep.upsertLanguage, { id: afrikaans, name: 'English', rowVersion: 1 });
    expect(r.body.fields).toEqual([{ field: 'name', message: LANGUAGE_MESSAGES.uniqueName }]);
    const names = (await editor.call(ep.index, {})).body.map((l: { name: string }) => l.name);
    expect(names.filter((n: string) => n.toLowerCase() === 'english')).toHaveLength(1);
    expect(names).toContain('Afrikaans');
  });

  it('two concurrent adds of one name: one saves, the other gets the message', async () => {
    const results = await Promise.all([editor.call(ep.upsertLanguage, { name: 'Sesotho' }), admin.call(ep.upsertLanguage, { name: 'sesotho' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body.fields[0].message).toBe(LANGUAGE_MESSAGES.uniqueName);
    expect((await editor.call(ep.languages, { search: 'sesotho' })).body.total).toBe(1);
  });

  it('two concurrent renames from the same version: one saves, the other gets 409', async () => {
    const added = (await editor.call(ep.upsertLanguage, { name: 'Xhosa' })).body;
    const results = await Promise.all([
      editor.call(ep.upsertLanguage, { id: added.id, name: 'isiXhosa', rowVersion: added.rowVersion }),
      admin.call(ep.upsertLanguage, { id: added.id, name: 'Xhosa (SA)', rowVersion: added.rowVersion }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe(LANGUAGE_MESSAGES.changed);
  });

  it('renaming a language that does not exist answers 404', async () => {
    const r = await editor.call(ep.upsertLanguage, { id: 999999, name: 'Nowhere', rowVersion: 1 });
    expect(r.status).toBe(404);
  });
});

describe('keys', () => {
  it("adds a key with its frontend flag; an empty or taken key gets 'Unique key required'", async () => {
    const r = await editor.call(ep.addNewKey, { key: 'test.greeting', frontend: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ key: 'test.greeting', frontend: true, texts: {} });
    for (const key of ['', '  ', 'TEST.GREETING', 'menu.users']) {
      const bad = await editor.call(ep.addNewKey, { key, frontend: false });
      expect(bad.status, key).toBe(400);
      expect(bad.body.fields).toEqual([{ field: 'key', message: LANGUAGE_MESSAGES.uniqueKey }]);
    }
    const missing = await editor.call(ep.addNewKey, { frontend: false });
    expect(missing.body.fields).toEqual([{ field: 'key', message: LANGUAGE_MESSAGES.uniqueKey }]);
    expect((await listAudit(db(), 'language_key', r.body.keyId)).map((a) => a.action)).toEqual(['create']);
  });

  it('two concurrent adds of one key: one saves, the other gets the message', async () => {
    const results = await Promise.all([editor.call(ep.addNewKey, { key: 'test.twice', frontend: false }), admin.call(ep.addNewKey, { key: 'Test.Twice', frontend: true })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body.fields[0].message).toBe(LANGUAGE_MESSAGES.uniqueKey);
  });

  it('saves the texts of a key per language in one call and shows them in the grid', async () => {
    const key = (await editor.call(ep.addNewKey, { key: 'test.texts', frontend: false })).body;
    const saved = await editor.call(ep.upsertKeyText, {
      keyId: key.keyId, rowVersion: key.rowVersion,
      entries: [{ langId: english, text: 'Good morning' }, { langId: afrikaans, text: 'Goeie môre' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.texts).toEqual({ [english]: 'Good morning', [afrikaans]: 'Goeie môre' });
    expect(await findKey('test.texts')).toEqual(saved.body);
    expect((await editor.call(ep.keys, { search: 'Goeie' })).body.rows.map((r: { key: string }) => r.key)).toEqual(['test.texts']);
    const audit = await listAudit(db(), 'language_key', key.keyId);
    expect(audit.at(-1)?.new_values).toEqual({ texts: { [english]: 'Good morning', [afrikaans]: 'Goeie môre' } });
  });

  it('a stale text save answers 409 and changes nothing; a bad language is refused', async () => {
    const key = (await editor.call(ep.addNewKey, { key: 'test.stale', frontend: false })).body;
    await editor.call(ep.upsertKeyText, { keyId: key.keyId, rowVersion: key.rowVersion, entries: [{ langId: english, text: 'First' }] });
    const stale = await admin.call(ep.upsertKeyText, { keyId: key.keyId, rowVersion: key.rowVersion, entries: [{ langId: english, text: 'Second' }] });
    expect(stale.status).toBe(409);
    expect((await findKey('test.stale')).texts[english]).toBe('First');
    const bad = await editor.call(ep.upsertKeyText, { keyId: key.keyId, rowVersion: key.rowVersion + 1, entries: [{ langId: 999999, text: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'entries.0.langId', message: 'Unknown language' }]);
    expect((await editor.call(ep.upsertKeyText, { keyId: 999999, rowVersion: 1, entries: [] })).status).toBe(404);
  });

  it('changedisplay sets the frontend flag', async () => {
    const key = (await editor.call(ep.addNewKey, { key: 'test.flag', frontend: false })).body;
    const on = await editor.call(ep.changeDisplay, { keyId: key.keyId, frontend: true });
    expect(on.body).toMatchObject({ frontend: true, rowVersion: key.rowVersion + 1 });
    expect((await findKey('test.flag')).frontend).toBe(true);
    expect((await editor.call(ep.changeDisplay, { keyId: key.keyId })).status).toBe(400);
  });

  it('deletes a key with its texts, and answers 404 for a missing one', async () => {
    const key = (await editor.call(ep.addNewKey, { key: 'test.delete', frontend: false })).body;
    await editor.call(ep.upsertKeyText, { keyId: key.keyId, rowVersion: key.rowVersion, entries: [{ langId: english, text: 'Bye' }] });
    expect((await editor.call(ep.deleteKey, { keyId: key.keyId })).body).toBe(true);
    expect(await findKey('test.delete')).toBeUndefined();
    expect((await editor.call(ep.deleteKey, { keyId: key.keyId })).status).toBe(404);
    expect((await listAudit(db(), 'language_key', key.keyId)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('pages and sorts the grid by key', async () => {
    const page = await editor.call(ep.keys, { rowsPerPage: 5, page: 2, sortBy: 'key', ascending: false });
    expect(page.body.rows).toHaveLength(5);
    const all = (await editor.call(ep.keys, { all: true, sortBy: 'key', ascending: false })).body.rows.map((r: { key: string }) => r.key);
    expect(page.body.rows.map((r: { key: string }) => r.key)).toEqual(all.slice(5, 10));
    expect([...all].sort((a: string, b: string) => b.toLowerCase().localeCompare(a.toLowerCase()))).toEqual(all);
  });

  it("sorts the grid by a language's texts (its column), a key without a text first", async () => {
    type KeyRow = { key: string; texts: Record<string, string> };
    const rows: KeyRow[] = (await editor.call(ep.keys, { all: true, sortBy: `lang-${afrikaans}`, ascending: true })).body.rows;
    const texts = rows.map((r) => (r.texts[String(afrikaans)] ?? '').toLowerCase());
    expect(texts.length).toBeGreaterThan(5);
    expect(new Set(texts).size).toBeGreaterThan(5);
    for (let i = 1; i < texts.length; i++) expect(texts[i - 1] <= texts[i], `${texts[i - 1]} before ${texts[i]}`).toBe(true);
    const desc: KeyRow[] = (await editor.call(ep.keys, { all: true, sortBy: `lang-${afrikaans}`, ascending: false })).body.rows;
    expect(desc.map((r) => (r.texts[String(afrikaans)] ?? '').toLowerCase())).toEqual([...texts].reverse());
  });
});

describe('texts of a language', () => {
  it('keyslookup answers the frontend texts in the user language, English where the text is missing or empty', async () => {
    const key = (await admin.call(ep.addNewKey, { key: 'test.fallback', frontend: true })).body;
    await admin.call(ep.upsertKeyText, { keyId: key.keyId, rowVersion: key.rowVersion, entries: [{ langId: english, text: 'Only English' }, { langId: afrikaans, text: '' }] });
    const afUser = await userIn(afrikaans);
    const r = await afUser.call(ep.keysLookup, {});
    expect(r.status).toBe(200);
    expect(r.body.languageId).toBe(afrikaans);
    expect(r.body.texts['menu.users']).toBe('Gebruikers');
    expect(r.body.texts['test.fallback']).toBe('Only English');
    expect(r.body.texts['report.client']).toBeUndefined(); // report keys are not frontend
    const noLanguage = await userIn(null);
    expect((await noLanguage.call(ep.keysLookup, {})).body.texts['menu.users']).toBe('Users');
  });

  it('loadTexts falls back to English, and answers every key when none are named', async () => {
    const key = (await admin.call(ep.addNewKey, { key: 'test.report', frontend: false })).body;
    await admin.call(ep.upsertKeyText, { keyId: key.keyId, rowVersion: key.rowVersion, entries: [{ langId: english, text: 'Report only' }] });
    expect(await loadTexts(db(), afrikaans, ['test.report', 'report.high', 'no.such.key'])).toEqual({ 'test.report': 'Report only', 'report.high': 'Hoog' });
    const all = await loadTexts(db(), afrikaans);
    expect(all['report.optimal']).toBe('Optimaal');
    expect(all['menu.users']).toBe('Gebruikers');
    expect(await loadTexts(db(), null, ['report.low'])).toEqual({ 'report.low': 'Low' });
  });
});

describe('permission gating', () => {
  it('a user without Language may read the pick list and texts but not the admin calls', async () => {
    const other = await userIn(null, ['Users']);
    expect((await other.call(ep.index, {})).status).toBe(200);
    expect((await other.call(ep.keysLookup, {})).status).toBe(200);
    expect((await other.call(ep.languages, {})).status).toBe(403);
    expect((await other.call(ep.keys, {})).status).toBe(403);
    expect((await other.call(ep.upsertLanguage, { name: 'Nope' })).status).toBe(403);
    expect((await other.call(ep.addNewKey, { key: 'nope', frontend: false })).status).toBe(403);
    expect((await editor.call(ep.languages, { search: 'Nope' })).body.total).toBe(0);
  });
});
