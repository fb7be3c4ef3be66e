import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/database';
import type { DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { features, referenceMovers, tableOwners } from '../src/features';
import { REFERENCE_TABLES } from '../src/platform/references/movers';

/**
 * Every table has one writer: the feature that owns it (its module's `owns`) or the platform. No file of a
 * feature writes another feature's table (Kysely insertInto/updateTable/deleteFrom, or raw SQL), and every
 * column that refers to a reference item has a registered mover or is kept on purpose, with a reason.
 */
const FEATURES_DIR = join(import.meta.dirname, '../src/features');
const PLATFORM_DIR = join(import.meta.dirname, '../src/platform');
const CORE_MIGRATIONS_DIR = join(import.meta.dirname, '../src/db/migrations');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** The tables a piece of source writes: Kysely builders and raw SQL (comments left out). */
function tablesWritten(source: string, known: Set<string>): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]([a-z_]+)/g)) found.add(m[1]);
  for (const m of code.matchAll(/\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+"?([a-z_]+)"?/gi)) {
    if (known.has(m[1].toLowerCase())) found.add(m[1].toLowerCase());
  }
  return [...found].filter((t) => known.has(t));
}

/** The tables a migration creates or alters (comments left out). */
function tablesChanged(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  return new Set([
    ...[...code.matchAll(/(?:create|alter) table (?:if not exists )?"?([a-z_]+)/gi)].map((m) => m[1]),
    ...[...code.matchAll(/\b(?:createTable|alterTable)\(\s*'([a-z_]+)'/g)].map((m) => m[1]),
  ]);
}

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let tables: string[];

beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  await migrateToLatest(handle.db);
  const r = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name`.execute(handle.db);
  tables = r.rows.map((t) => t.table_name);
});
afterAll(() => drop?.());

describe('table owners', () => {
  it('every table of the database has exactly one owner, and every owned table exists', () => {
    const owners = tableOwners(); // throws when two features claim one table
    expect(tables.filter((t) => !owners.has(t)), 'tables without an owner').toEqual([]);
    expect([...owners.keys()].filter((t) => !tables.includes(t)), 'owned tables that do not exist').toEqual([]);
    for (const t of REFERENCE_TABLES) expect(owners.get(t), t).not.toBe('platform');
  });

  it('no feature writes a table another feature owns', () => {
    const owners = tableOwners();
    const known = new Set(tables);
    const names = new Set(features.map((f) => f.name));
    const wrong: string[] = [];
    const writes = new Map<string, Set<string>>();
    for (const file of sourceFiles(FEATURES_DIR)) {
      const folder = relative(FEATURES_DIR, file).split(sep)[0];
      for (const table of tablesWritten(readFileSync(file, 'utf8'), known)) {
        const owner = owners.get(table);
        // shared code (features/reference-lists) writes the tables of the features made from it
        const writer = names.has(folder) ? folder : `${folder} (shared)`;
        writes.set(table, (writes.get(table) ?? new Set()).add(writer));
        if (owner !== folder) wrong.push(`${relative(FEATURES_DIR, file)} writes ${table} (owner: ${owner})`);
      }
    }
    expect(wrong).toEqual([]);
    // the scan does see the writes (it would pass vacuously otherwise)
    expect([...(writes.get('lab_job_entries') ?? [])]).toEqual(['lab']);
    expect([...(writes.get('agronomists') ?? [])]).toEqual(['agronomists']);
    expect([...(writes.get('tissues') ?? [])]).toEqual(['tissues']);
  });

  it("the platform writes only the platform's tables (sign-in changes users through the users feature)", () => {
    const owners = tableOwners();
    const known = new Set(tables);
    const wrong = sourceFiles(PLATFORM_DIR).flatMap((file) =>
      tablesWritten(readFileSync(file, 'utf8'), known).filter((t) => owners.get(t) !== 'platform').map((t) => `${relative(PLATFORM_DIR, file)} writes ${t} (owner: ${owners.get(t)})`));
    expect(wrong).toEqual([]);
  });

  it("a core migration is the platform's or spans features; a feature's migration changes only its own tables", () => {
    const owners = tableOwners();
    const files = readdirSync(CORE_MIGRATIONS_DIR).filter((f) => /^\d{4}_.*\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const touched = tablesChanged(readFileSync(join(CORE_MIGRATIONS_DIR, file), 'utf8'));
      const of = new Set([...touched].map((t) => owners.get(t)));
      if (touched.size === 0 || of.has('platform')) continue;
      expect([...of], `${file} changes only tables of one feature: move it to that feature's migrations/`).toHaveLength(Math.max(2, of.size));
    }
    const own = sourceFiles(FEATURES_DIR).filter((f) => /\/migrations\/\d{4}_[^/]+\.ts$/.test(f));
    expect(own.length).toBeGreaterThan(20);
    const wrong = own.flatMap((file) => {
      const feature = relative(FEATURES_DIR, file).split(sep)[0];
      return [...tablesChanged(readFileSync(file, 'utf8'))].filter((t) => owners.get(t) !== feature)
        .map((t) => `${relative(FEATURES_DIR, file)} changes ${t} (owner: ${owners.get(t)})`);
    });
    expect(wrong, "a migration that changes other features' tables belongs in db/migrations").toEqual([]);
  });

  it("the migration check sees a table changed, by Kysely's builder or raw SQL", () => {
    expect([...tablesChanged("await db.schema.alterTable('tissues').addColumn('x', 'text').execute();")]).toEqual(['tissues']);
    expect([...tablesChanged('await sql`create table if not exists depots (id serial)`.execute(db);')]).toEqual(['depots']);
  });

  it('the scan catches a planted write of another feature\'s table, Kysely or raw SQL', () => {
    const known = new Set(tables);
    expect(tablesWritten("await trx.updateTable('lab_job_entries').set({ agent: 'x' })", known)).toEqual(['lab_job_entries']);
    expect(tablesWritten('await sql`update carbohydrate_samples set agent = ${to}`.execute(db)', known)).toEqual(['carbohydrate_samples']);
    expect(tablesWritten('await sql`delete from "user_agronomists" where agronomist_id = 1`', known)).toEqual(['user_agronomists']);
    expect(tablesWritten("// update users set … (a comment)\nconst action = 'update';", known)).toEqual([]);
  });
});

describe('reference movers', () => {
  it('every column referring to a reference table has a registered mover or is kept with a reason', async () => {
    const r = await sql<{ table: string; column: string; refers: string }>`
      select c.conrelid::regclass::text as table, a.attname as column, c.confrelid::regclass::text as refers
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      order by 1, 2`.execute(handle.db);
    const registry = referenceMovers();
    const key = (x: { table: string; column: string; refers: string }) => `${x.table}.${x.column} → ${x.refers}`;
    const covered = new Set([...registry.movers, ...registry.kept].map(key));
    const referring = r.rows.filter((fk) => (REFERENCE_TABLES as readonly string[]).includes(fk.refers));
    expect(referring.length).toBeGreaterThan(10);
    expect(referring.filter((fk) => !covered.has(key(fk))).map(key), 'referring columns with neither a mover nor a reason').toEqual([]);
    for (const k of registry.kept) expect(k.reason.length, key(k)).toBeGreaterThan(10);
  });

  it('each mover lives in the module of the feature that owns its table, on a real column', async () => {
    const owners = tableOwners();
    const cols = await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(handle.db);
    const columns = new Set(cols.rows.map((c) => `${c.table_name}.${c.column_name}`));
    for (const f of features) {
      for (const m of [...(f.movers ?? []), ...(f.keeps ?? [])]) {
        expect(owners.get(m.table), `${f.name} registers ${m.table}.${m.column}`).toBe(f.name);
        expect(columns.has(`${m.table}.${m.column}`), `${m.table}.${m.column}`).toBe(true);
      }
    }
    // references by name (no foreign key) have movers too
    const byName = referenceMovers().movers.filter((m) => m.refers === 'agents' || m.refers === 'agronomists').map((m) => `${m.table}.${m.column}`);
    expect(byName.sort()).toEqual(['carbohydrate_samples.agent', 'carbohydrate_samples.agronomist', 'lab_job_entries.agent', 'lab_job_entries.agronomist', 'submissions.agent_id', 'submissions.agronomist_id', 'user_agronomists.agronomist_id']);
  });
});
