import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/database';
import type { Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { CloneRepository } from '../src/features/cropgrowths/master/clone.repository';
import { referenceMovers } from '../src/features';
import type { KeptReference, ReferenceItem, ReferenceMover, ReferenceTable } from '../src/platform/references/movers';

/**
 * A move never duplicates (issue 31): walks every registered reference mover and every kept reference (the
 * child tables of a reference item: cultivars, regions, growth stages, norms, range overrides, a user's
 * agronomists, a language's texts, and any added later), each with what makes two of its rows one thing
 * (`same`). A world holds, for every reference table with movers, an item and a target whose referring rows
 * collide for every one of its movers (a crop and its clone: same-named cultivars, stages and regions, norms
 * and overrides; two agronomists one user holds; a submission listing two crops; …); each item is moved onto
 * its target through the registry, and then
 * - a mover's rows that are one thing under one item (`by`) stand once under the target, and none stays live on the item;
 * - an id array (`set`) holds the target once and the item no more;
 * - rows that stand for themselves (`each`) all name the target, none lost;
 * - no table of a mover grew;
 * - no two live rows of any declared table are one thing under one item, anywhere.
 * A new mover or kept column without collision rows in the world fails here until the world has them.
 */
type Declared = ReferenceMover | KeptReference;
type Pair = { from: ReferenceItem; to: ReferenceItem };

let db: Db;
let drop: () => Promise<void>;
const registry = referenceMovers();
const declared: Declared[] = [...registry.movers, ...registry.kept];
/** table.column → its data type ('integer', 'text', 'ARRAY') */
const types = new Map<string, string>();
/** tables with an `archived` column: their archived rows are history, not listed */
const archivable = new Set<string>();
let pairs: Partial<Record<ReferenceTable, Pair>>;

const key = (d: { refers: string; table: string; column: string }) => `${d.table}.${d.column} → ${d.refers}`;
const ref = (d: Declared) => sql.ref(d.column);
/** the value a row of `d` holds for the item: its id, or its name where the column names it */
const valueOf = (d: Declared, item: ReferenceItem) => (types.get(`${d.table}.${d.column}`) === 'text' ? item.name : item.id);
const live = (d: Declared, alias?: string) => (archivable.has(d.table) ? sql`not ${sql.ref(alias ? `${alias}.archived` : 'archived')}` : sql`true`);
/** a `by` column as compared: text trimmed and case-blind */
const byValue = (d: Declared, column: string, alias: string) => {
  const c = sql.ref(`${alias}.${column}`);
  return types.get(`${d.table}.${column}`) === 'text' ? sql`lower(trim(${c}))` : c;
};
const one = async (q: RawBuilder<{ n: number }>) => Number((await q.execute(db)).rows[0].n);
const countRows = (table: string) => one(sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`);

/** Rows of `d` that refer to `item` (live ones where the table archives). */
function referring(d: Declared, item: ReferenceItem, liveOnly = true) {
  const where = types.get(`${d.table}.${d.column}`) === 'ARRAY' ? sql`${item.id}::int = any(${ref(d)})` : sql`${ref(d)} = ${valueOf(d, item)}`;
  return one(sql<{ n: number }>`select count(*)::int as n from ${sql.table(d.table)} where ${where} and ${liveOnly ? live(d) : sql`true`}`);
}

/** Live rows of a `by` declaration that are one thing under one item, more than once: under `item`, or anywhere. */
async function twice(d: Declared, item?: ReferenceItem): Promise<unknown[]> {
  if (typeof d.same !== 'object') return [];
  const by = d.same.by.map((c) => byValue(d, c, 't'));
  const under = item ? sql`and ${sql.ref(`t.${d.column}`)} = ${valueOf(d, item)}` : sql``;
  return (await sql`select ${sql.ref(`t.${d.column}`)} as item, ${sql.join(by)}, count(*)::int as n from ${sql.table(d.table)} t
    where ${sql.ref(`t.${d.column}`)} is not null and ${live(d, 't')} ${under} group by ${sql.ref(`t.${d.column}`)}, ${sql.join(by)} having count(*) > 1`.execute(db)).rows;
}

/** Whether the world holds, for a mover, the rows that would collide when its item moves onto its target. */
async function collides(d: ReferenceMover, { from, to }: Pair): Promise<boolean> {
  if (d.same === 'each') return (await referring(d, from)) > 0;
  if (d.same === 'set') return (await one(sql<{ n: number }>`select count(*)::int as n from ${sql.table(d.table)} where ${from.id}::int = any(${ref(d)}) and ${to.id}::int = any(${ref(d)})`)) > 0;
  const on = sql.join(d.same.by.map((c) => sql`${byValue(d, c, 'a')} is not distinct from ${byValue(d, c, 'b')}`), sql` and `);
  return (await one(sql<{ n: number }>`select count(*)::int as n from ${sql.table(d.table)} a join ${sql.table(d.table)} b on ${on}
    where ${sql.ref(`a.${d.column}`)} = ${valueOf(d, from)} and ${sql.ref(`b.${d.column}`)} = ${valueOf(d, to)} and ${live(d, 'a')} and ${live(d, 'b')}`)) > 0;
}

beforeAll(async () => {
  const fresh = await freshDatabase();
  ({ db } = fresh.handle);
  drop = fresh.drop;
  await migrateToLatest(db);
  const cols = await sql<{ table_name: string; column_name: string; data_type: string }>`select table_name, column_name, data_type from information_schema.columns where table_schema = 'public'`.execute(db);
  for (const c of cols.rows) {
    types.set(`${c.table_name}.${c.column_name}`, c.data_type);
    if (c.column_name === 'archived') archivable.add(c.table_name);
  }
  pairs = await buildWorld(db);
}, 60_000);
afterAll(() => drop?.());

describe('every reference mover merges, never duplicates', () => {
  it('the world has an item and a target for every reference table with movers, colliding for each of its movers', async () => {
    const moved = new Set(registry.movers.map((m) => m.refers));
    expect([...moved].filter((r) => !pairs[r]), 'reference tables with movers but no pair in the world').toEqual([]);
    const missing: string[] = [];
    for (const m of registry.movers) if (!(await collides(m, pairs[m.refers]!))) missing.push(key(m));
    expect(missing, 'movers without colliding rows in the world (add them to buildWorld)').toEqual([]);
    // and every declared table starts without a row twice
    for (const d of declared) expect(await twice(d), key(d)).toEqual([]);
  });

  it('the checks can fail: a mover the world gives nothing to collide, and a cultivar named twice under one crop', async () => {
    const cultivars = registry.movers.find((m) => m.table === 'cultivars')!;
    expect(await collides({ ...cultivars, refers: 'crops' }, { from: { id: 0, name: 'none' }, to: pairs.crops!.to })).toBe(false);
    const apple = pairs.crops!.to;
    await db.insertInto('cultivars').values({ crop_id: apple.id, name: ' FUJI' }).execute();
    expect(await twice(cultivars, apple)).toEqual([expect.objectContaining({ item: apple.id, n: 2 })]);
    await db.deleteFrom('cultivars').where('name', '=', ' FUJI').execute();
  });

  it('moves each item onto its target: what is one thing stands once, every row names the target, no table grows', async () => {
    for (const [refers, pair] of Object.entries(pairs) as [ReferenceTable, Pair][]) {
      const movers = registry.movers.filter((m) => m.refers === refers);
      const before = await Promise.all(movers.map(async (m) => ({ from: await referring(m, pair.from, false), to: await referring(m, pair.to, false), rows: await countRows(m.table) })));
      await db.transaction().execute((trx) => registry.move(trx, refers, pair.from, pair.to, { userId: null }));
      for (const [i, m] of movers.entries()) {
        const k = key(m);
        expect(await countRows(m.table), `${k}: the table grew`).toBeLessThanOrEqual(before[i].rows);
        expect(await referring(m, pair.from), `${k}: live rows left on the item`).toBe(0);
        if (m.same === 'each') expect(await referring(m, pair.to, false), `${k}: rows lost`).toBe(before[i].from + before[i].to);
        else if (m.same === 'set') {
          expect(await one(sql<{ n: number }>`select count(*)::int as n from ${sql.table(m.table)}
            where cardinality(${ref(m)}) <> (select count(distinct x)::int from unnest(${ref(m)}) x)`), `${k}: an id twice`).toBe(0);
        } else expect(await twice(m, pair.to), `${k}: twice under the target`).toEqual([]);
      }
    }
    for (const d of declared) expect(await twice(d), `${key(d)}: one thing twice under one item`).toEqual([]);
  });

  it('the merged crop’s children read as the target’s did: once each, with the target’s own norms and overrides and those it lacked', async () => {
    const apple = pairs.crops!.to;
    const names = async (table: 'cultivars' | 'regions' | 'growth_stages') =>
      (await db.selectFrom(table).select('name').where('crop_id', '=', apple.id).where('archived', '=', false).orderBy('name').execute()).map((r) => r.name.trim().toLowerCase());
    expect(await names('cultivars')).toEqual(['fuji', 'granny smith', 'pink lady']);
    expect(await names('regions')).toEqual(['ceres', 'elgin']);
    expect(await names('growth_stages')).toEqual(['bloom', 'fruit set', 'harvest']);
    const norms = await sql<{ owner: string; source: string }>`select coalesce(c.name, g.name, 'Crop itself') as owner, n.source from leaf_norms n
      left join cultivars c on c.id = n.cultivar_id left join growth_stages g on g.id = n.growth_stage_id where n.crop_id = ${apple.id} order by lower(coalesce(c.name, g.name, 'Crop itself'))`.execute(db);
    // Granny Smith and Bloom keep Apple's own; Fuji had none and gets the copy's; Pink Lady (the copy's alone) brings its own
    expect(norms.rows).toEqual([
      { owner: 'Bloom', source: 'apple' }, { owner: 'Crop itself', source: 'apple' }, { owner: 'Fuji', source: 'copy' },
      { owner: 'Granny Smith', source: 'apple' }, { owner: 'Pink Lady', source: 'copy' },
    ]);
    const overrides = await sql<{ owner: string; stage: string; sugar: number }>`select c.name as owner, g.name as stage, v.sugar_med as sugar from cultivar_growth_values v
      join cultivars c on c.id = v.cultivar_id join growth_stages g on g.id = v.growth_stage_id
      where c.crop_id = ${apple.id} and not c.archived union all
      select r.name, g.name, v.sugar_med from region_growth_values v join regions r on r.id = v.region_id join growth_stages g on g.id = v.growth_stage_id
      where r.crop_id = ${apple.id} and not r.archived order by 1, 2`.execute(db);
    expect(overrides.rows).toEqual([
      { owner: 'Ceres', stage: 'Fruit set', sugar: 5 }, { owner: 'Fuji', stage: 'Harvest', sugar: 8 },
      { owner: 'Granny Smith', stage: 'Bloom', sugar: 4 }, { owner: 'Pink Lady', stage: 'Bloom', sugar: 9 },
    ]);
    // every override and norm of a live child of the crop names a live stage of the crop
    const stray = await sql`select v.* from cultivar_growth_values v join cultivars c on c.id = v.cultivar_id join growth_stages g on g.id = v.growth_stage_id
      where not c.archived and (g.archived or g.crop_id <> c.crop_id)`.execute(db);
    expect(stray.rows).toEqual([]);
  });
});

/**
 * The world: for each reference table with movers, an item (`from`) and a target (`to`) whose referring rows
 * collide for every mover. A crop and its clone (the crop master's own copy) with a region like Apple's and an
 * extra cultivar; two cultivars, stages and regions of another crop; two agents, depots, agronomists, roles.
 */
async function buildWorld(db: Db): Promise<Partial<Record<ReferenceTable, Pair>>> {
  const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id);
  const tissue = await db.insertInto('tissues').values({ name: 'Walk leaves' }).returning(['id', 'name']).executeTakeFirstOrThrow();
  const crop = (name: string) => db.insertInto('crops').values({ name, factor: 1 }).returning(['id', 'name']).executeTakeFirstOrThrow();
  const children = async (table: 'cultivars' | 'regions', cropId: number, names: string[]) =>
    db.insertInto(table).values(names.map((name) => ({ crop_id: cropId, name }))).returning(['id', 'name']).execute();
  const stages = (cropId: number, names: string[]) =>
    db.insertInto('growth_stages').values(names.map((name, i) => ({ crop_id: cropId, name, sequence_number: i + 1, linked_tissue_id: tissue.id }))).returning(['id', 'name']).execute();
  const norms = (cropId: number, owner: { cultivar_id?: number; growth_stage_id?: number }, source: string) =>
    db.insertInto('leaf_norms').values({ crop_id: cropId, cultivar_id: owner.cultivar_id ?? null, growth_stage_id: owner.growth_stage_id ?? null, graphs: '{}', source, method: '', tissue: '' }).execute();

  // Apple: its cultivars, one region, three stages, its norms and overrides
  const apple = await crop('Walk Apple');
  const [granny] = await children('cultivars', apple.id, ['Granny Smith', 'Fuji']);
  await children('regions', apple.id, ['Ceres']);
  const [bloom] = await stages(apple.id, ['Bloom', 'Fruit set', 'Harvest']);
  await norms(apple.id, {}, 'apple');
  await norms(apple.id, { cultivar_id: granny.id }, 'apple');
  await norms(apple.id, { growth_stage_id: bloom.id }, 'apple');
  await db.insertInto('cultivar_growth_values').values({ cultivar_id: granny.id, growth_stage_id: bloom.id, override: true, sugar_med: 4 }).execute();
  // the copy: the crop master's clone, then its own norms where Apple has none, a cultivar Apple lacks,
  // and a region named like Apple's (another case, a space) with an override
  const copyId = await db.transaction().execute((trx) => new CloneRepository().crop(trx, apple.id, 'Walk Apple (copy)'));
  const copy = { id: copyId, name: 'Walk Apple (copy)' };
  const copyCultivars = await db.selectFrom('cultivars').select(['id', 'name']).where('crop_id', '=', copyId).execute();
  const copyStages = await db.selectFrom('growth_stages').select(['id', 'name']).where('crop_id', '=', copyId).execute();
  const copyOf = <T extends { name: string }>(rows: T[], name: string) => rows.find((r) => r.name === name)!;
  await norms(copyId, { cultivar_id: copyOf(copyCultivars, 'Fuji').id }, 'copy');
  await db.updateTable('leaf_norms').set({ source: 'copy' }).where('crop_id', '=', copyId).execute();
  await db.insertInto('cultivar_growth_values').values({ cultivar_id: copyOf(copyCultivars, 'Fuji').id, growth_stage_id: copyOf(copyStages, 'Harvest').id, override: true, sugar_med: 8 }).execute();
  await db.updateTable('cultivar_growth_values').set({ sugar_med: 99 }).where('cultivar_id', '=', copyOf(copyCultivars, 'Granny Smith').id).execute();
  const [pinkLady] = await children('cultivars', copyId, ['Pink Lady']);
  await norms(copyId, { cultivar_id: pinkLady.id }, 'copy');
  await db.insertInto('cultivar_growth_values').values({ cultivar_id: pinkLady.id, growth_stage_id: copyOf(copyStages, 'Bloom').id, override: true, sugar_med: 9 }).execute();
  const [copyCeres] = await children('regions', copyId, [' ceres', 'Elgin']);
  await db.insertInto('region_growth_values').values({ region_id: copyCeres.id, growth_stage_id: copyOf(copyStages, 'Fruit set').id, override: true, sugar_med: 5 }).execute();

  // Pear: two of each child, to be moved one onto the other
  const pear = await crop('Walk Pear');
  const [pearX, pearY] = await children('cultivars', pear.id, ['Packham', 'Forelle']);
  const [pearR1, pearR2] = await children('regions', pear.id, ['Wolseley', 'Grabouw']);
  const [pearS1, pearS2] = await stages(pear.id, ['Budding', 'Ripening']);

  // people and places named by entries, samples and submissions
  const two = async (table: 'agents' | 'depots' | 'agronomists', base: string) =>
    db.insertInto(table).values([{ name: `${base} from` }, { name: `${base} to` }]).returning(['id', 'name']).execute();
  const agents = await two('agents', 'Walk agent');
  const depots = await two('depots', 'Walk depot');
  const agronomists = await two('agronomists', 'Walk agronomist');
  const roles = await db.insertInto('roles').values([{ name: 'Walk role from', permissions: [] }, { name: 'Walk role to', permissions: [] }]).returning(['id', 'name']).execute();
  const user = await db.insertInto('users').values({ name: 'Walk user', email: 'walk@test.local', role_id: roles[0].id, password_hash: null, language_id: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ name: 'Walk user 2', email: 'walk2@test.local', role_id: roles[1].id, password_hash: null, language_id: null }).execute();
  await db.insertInto('user_agronomists').values(ids(agronomists).map((agronomist_id) => ({ user_id: user.id, agronomist_id }))).execute();

  // entries and samples on the copy's children and on Pear's first of each
  const job = await db.insertInto('lab_jobs').values({ received_on: '2026-11-01' }).returning('id').executeTakeFirstOrThrow();
  const on = [
    { crop_id: copyId, cultivar_id: copyOf(copyCultivars, 'Granny Smith').id, region_id: copyCeres.id, growth_stage_id: copyOf(copyStages, 'Fruit set').id },
    { crop_id: pear.id, cultivar_id: pearX.id, region_id: pearR1.id, growth_stage_id: pearS1.id },
  ];
  await db.insertInto('lab_job_entries').values(on.map((o, i) => ({
    ...o, lab_job_id: job.id, position: i + 1, sample_number: `WALK${i}`, entity: 'Walk farms', agent: agents[0].name, agronomist: agronomists[0].name,
    farm_name: 'Walk farm', field_block_number: 'B1', sample_date: new Date('2026-10-20T08:00:00Z'), tissue_id: tissue.id,
  }))).execute();
  await db.insertInto('carbohydrate_samples').values(on.map((o, i) => ({ ...o, sample_number: `WALKS${i}`, agent: agents[0].name, agronomist: agronomists[0].name, tissue_id: tissue.id, original: '{}', mapped: '{}' }))).execute();
  await db.insertInto('captures').values({ kind: 'leaf', capture_key: 'WALK-1', original: '{}', crop_id: copyId }).execute();
  const submission = await db.insertInto('submissions').values({
    kind: 'leaf', lab: 'Manual', client_name: 'Walk client', farm_name: 'Walk farm', agent_id: agents[0].id, depot_id: depots[0].id, agronomist_id: agronomists[0].id,
    reference: 'walk-1', crop_ids: [apple.id, copyId].sort((a, b) => a - b), language_id: null,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('submission_samples').values([
    { submission_id: submission.id, group_no: 1, position: 1, sample_number: 'WALK-S1', block_number: 'B1', crop_id: copyId, cultivar_ids: [pearX.id, pearY.id], test: 'Leaf', optional_tests: [] },
  ]).execute();

  return {
    crops: { from: copy, to: apple },
    cultivars: { from: pearX, to: pearY },
    regions: { from: pearR1, to: pearR2 },
    growth_stages: { from: pearS1, to: pearS2 },
    agents: { from: agents[0], to: agents[1] },
    depots: { from: depots[0], to: depots[1] },
    agronomists: { from: agronomists[0], to: agronomists[1] },
    roles: { from: roles[0], to: roles[1] },
  };
}
