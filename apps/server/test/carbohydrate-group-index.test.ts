import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/database';
import type { DatabaseHandle } from '../src/db/database';
import { RESULTS_LIST } from '../src/features/carbohydrates/results-query.repository';
import { up } from '../src/features/lab/migrations/0346_carbohydrate_group_search_keys';

/**
 * A search of the grouped carbohydrate list first walks the location key's index, testing each entry against
 * the search (db/keyset/search-page.ts): that index carries every searched key, so the walk reads the index
 * alone (migration 0346, ADR 0232).
 */
let handle: DatabaseHandle;
let drop: () => Promise<void>;

const groupIndexes = async () =>
  (await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes
    where tablename = 'lab_job_entries' and indexdef like '%(location_key DESC, id)%'`.execute(handle.db)).rows;

beforeAll(async () => {
  ({ handle, drop } = await freshDatabase({ migrated: true }));
});
afterAll(() => drop?.());

describe('the grouped list index', () => {
  it('is one index, of measured entries, that includes every key a search tests', async () => {
    const found = await groupIndexes();
    expect(found.map((i) => i.name)).toEqual(['lje_res_group_keys_idx']);
    const included = /INCLUDE \(([^)]*)\)/.exec(found[0].def)?.[1].split(', ') ?? [];
    expect(included.sort()).toEqual([...RESULTS_LIST.search].sort());
    expect(found[0].def).toContain('WHERE (result_on IS NOT NULL)');
  });

  it('is made by a migration that can run again', async () => {
    await up(handle.db as never);
    expect((await groupIndexes()).map((i) => i.name)).toEqual(['lje_res_group_keys_idx']);
  });
});
