import { ADMIN } from '../../../tests/support/server';
import { createUser } from '../../../tests/support/users';
import { type AnyStaleCase, type Ctx, staleCase } from './stale-first.support';

/** stale-first.test.ts's entries for the settings, lists and people of the administration pages. */

/** A reference list (agents, depots, organ types): `unique` when its names are unique (a rule after the schema). */
function referenceList(path: string, noun: string, unique: boolean): AnyStaleCase {
  type S = { id: number; name: string; taken: string };
  return staleCase<S>({
    breaks: unique ? `the name of another ${noun}` : { none: `a ${noun}'s name and origin have no rule beyond the schema (names may repeat)` },
    async stored(c) {
      const a = await c.ok(path, { id: 0, name: c.unique(noun) });
      const b = await c.ok(path, { id: 0, name: c.unique(noun) });
      return { s: { id: a.id, name: a.name, taken: b.name }, read: a.rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok(path, { id: s.id, name: `${s.name} moved`, rowVersion: read })).rowVersion,
    save: (s, v) => ({ id: s.id, name: unique ? s.taken : `${s.name} again`, rowVersion: v }),
  });
}

/** A record whose only rule after the schema is a unique name, created twice (`make`) and renamed (`rename`). */
function uniquelyNamed(o: {
  noun: string;
  make: (c: Ctx, name: string) => Promise<{ id: number; rowVersion: number }>;
  rename: (id: number, name: string, v: number) => unknown;
  path: string;
  versionOf: (c: Ctx, id: number, answer: any) => Promise<number>; // eslint-disable-line @typescript-eslint/no-explicit-any
}): AnyStaleCase {
  type S = { id: number; name: string; taken: string };
  return staleCase<S>({
    breaks: `the name of another ${o.noun}`,
    async stored(c) {
      const name = c.unique(o.noun);
      const taken = c.unique(o.noun);
      const a = await o.make(c, name);
      await o.make(c, taken);
      return { s: { id: a.id, name, taken }, read: a.rowVersion };
    },
    moveOn: async (c, s, read) => o.versionOf(c, s.id, await c.ok(o.path, o.rename(s.id, `${s.name} moved`, read))),
    save: (s, v) => o.rename(s.id, s.taken, v),
  });
}

const FORMULA = { relationships: [{ name: 'NP', expression: 'N/P' }], values: [{ element: 'N', expression: 'NP' }] };
const ADDRESS = { addressLine: '1 Main Road', area: 'Tzaneen', code: '0850', number: '015 000 0000', email: 'lab@example.com', website: 'example.com', filePrefix: 'SF', logoWord: 'SF' };

export const ADMIN_CASES: Record<string, AnyStaleCase> = {
  '/api/settings/update': staleCase<{ sugarLimit: number; starchLimit: number }>({
    breaks: { none: 'the limits have no rule beyond the schema' },
    async stored(c) {
      const { rowVersion, sugarLimit, starchLimit } = await c.ok('/api/settings/get', {});
      return { s: { sugarLimit, starchLimit }, read: rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok('/api/settings/update', { ...s, sugarLimit: s.sugarLimit + 1, rowVersion: read })).rowVersion,
    save: (s, v) => ({ ...s, rowVersion: v }),
  }),
  '/api/preferences/columns/save': staleCase<string>({
    breaks: { none: 'the hidden columns have no rule beyond the schema' },
    async stored(c) {
      const table = 'stale-first';
      return { s: table, read: (await c.ok('/api/preferences/columns/save', { table, hidden: ['name'], rowVersion: 0 })).rowVersion };
    },
    moveOn: async (c, table, read) => (await c.ok('/api/preferences/columns/save', { table, hidden: ['email'], rowVersion: read })).rowVersion,
    save: (table, v) => ({ table, hidden: ['number'], rowVersion: v }),
  }),
  '/api/language/upsertlanguage': uniquelyNamed({
    noun: 'language', path: '/api/language/upsertlanguage',
    make: (c, name) => c.ok('/api/language/upsertlanguage', { name }),
    rename: (id, name, rowVersion) => ({ id, name, rowVersion }),
    versionOf: async (_c, _id, answer) => answer.rowVersion,
  }),
  '/api/language/upsertkeytext': staleCase<number>({
    breaks: 'a text in a language that does not exist',
    async stored(c) {
      const key = await c.ok('/api/language/addnewkey', { key: c.unique('stale.first.key'), frontend: true });
      return { s: key.keyId, read: key.rowVersion };
    },
    moveOn: async (c, keyId, read) => (await c.ok('/api/language/upsertkeytext', { keyId, rowVersion: read, entries: [] })).rowVersion,
    save: (keyId, v) => ({ keyId, rowVersion: v, entries: [{ langId: 999_999, text: 'Hallo' }] }),
  }),
  '/api/agent/upsert': referenceList('/api/agent/upsert', 'agent', false),
  '/api/depot/upsert': referenceList('/api/depot/upsert', 'depot', false),
  '/api/carbohydratetissue/upsert': referenceList('/api/carbohydratetissue/upsert', 'organ type', true),
  '/api/address/upsert': staleCase<number>({
    breaks: { none: 'an address has no rule beyond the schema' },
    async stored(c) {
      const a = await c.ok('/api/address/upsert', { id: 0, name: c.unique('Address'), ...ADDRESS });
      return { s: a.id, read: a.rowVersion };
    },
    moveOn: async (c, id, read) => (await c.ok('/api/address/upsert', { id, name: 'Moved', ...ADDRESS, rowVersion: read })).rowVersion,
    save: (id, v) => ({ id, name: 'Stale', ...ADDRESS, area: 'Letsitele', rowVersion: v }),
  }),
  '/api/distributor/upsert': staleCase<{ id: number; name: string }>({
    breaks: 'a new logo announced without its image (newImage without image)',
    async stored(c) {
      const d = await c.ok('/api/distributor/upsert', { name: c.unique('Distributor'), newImage: false });
      return { s: { id: d.id, name: d.name }, read: d.rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok('/api/distributor/upsert', { id: s.id, name: `${s.name} moved`, newImage: false, rowVersion: read })).rowVersion,
    save: (s, v) => ({ id: s.id, name: s.name, newImage: true, rowVersion: v }),
  }),
  '/api/user/upsert': staleCase<{ id: number; email: string; roleId: number }>({
    breaks: "another user's email",
    async stored(c) {
      const { id } = await createUser(c.db, ['Leafs']);
      const u = await c.db.selectFrom('users').select(['email', 'role_id as roleId', 'row_version as rowVersion']).where('id', '=', id).executeTakeFirstOrThrow();
      return { s: { id, email: u.email, roleId: u.roleId! }, read: u.rowVersion };
    },
    async moveOn(c, s, read) {
      await c.ok('/api/user/upsert', { ...s, name: 'Moved On', rowVersion: read });
      return c.version('users', s.id);
    },
    save: (s, v) => ({ ...s, name: 'Stale Save', email: ADMIN.email, rowVersion: v }),
  }),
  '/api/role/upsert': uniquelyNamed({
    noun: 'role', path: '/api/role/upsert',
    make: async (c, name) => {
      const { id } = await c.ok('/api/role/upsert', { id: 0, name, permissions: ['Leafs'] });
      return { id, rowVersion: await c.version('roles', id) };
    },
    rename: (id, name, rowVersion) => ({ id, name, permissions: ['Leafs'], rowVersion }),
    versionOf: (c, id) => c.version('roles', id),
  }),
  '/api/agronomist/upsert': staleCase<number>({
    breaks: { none: "an agronomist's name and origin have no rule beyond the schema" },
    async stored(c) {
      const { id } = await c.ok('/api/agronomist/upsert', { id: 0, name: c.unique('Agronomist') });
      return { s: id, read: await c.version('agronomists', id) };
    },
    async moveOn(c, id, read) {
      await c.ok('/api/agronomist/upsert', { id, name: 'Moved On', rowVersion: read });
      return c.version('agronomists', id);
    },
    save: (id, v) => ({ id, name: 'Stale Save', originate: 'Usa', rowVersion: v }),
  }),
  '/api/drisgraph/update': uniquelyNamed({
    noun: 'graph', path: '/api/drisgraph/update',
    make: async (c, name) => (await c.ok('/api/drisgraph/insert', { name, formula: FORMULA })).graph,
    rename: (id, name, rowVersion) => ({ id, name, formula: FORMULA, rowVersion }),
    versionOf: async (_c, _id, answer) => answer.graph.rowVersion,
  }),
};
