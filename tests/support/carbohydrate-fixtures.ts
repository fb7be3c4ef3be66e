import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';

/**
 * Carbohydrate reference data for tests: two tissues, a crop with two cultivars, a region and three
 * ordered growth stages with sugar and starch ranges (plus a region and a cultivar override).
 * Test code may insert rows directly; application code keeps its SQL in repositories.
 */
export async function seedCarbohydrateReference(db: Db, suffix = '') {
  const [roots, shoots] = await db
    .insertInto('tissues')
    .values([{ name: `Roots${suffix}` }, { name: `Shoots${suffix}` }])
    .returning(['id', 'name'])
    .execute();
  const crop = await db.insertInto('crops').values({ name: `Pecan${suffix}`, factor: 1 }).returning(['id', 'name']).executeTakeFirstOrThrow();
  const cultivars = await db
    .insertInto('cultivars')
    .values([{ crop_id: crop.id, name: `Wichita${suffix}` }, { crop_id: crop.id, name: `Choctaw${suffix}` }])
    .returning(['id', 'name'])
    .execute();
  const region = await db.insertInto('regions').values({ crop_id: crop.id, name: `Hartswater${suffix}` }).returning(['id', 'name']).executeTakeFirstOrThrow();
  const stages = await db
    .insertInto('growth_stages')
    .values([
      { crop_id: crop.id, sequence_number: 1, name: 'Dormancy', linked_tissue_id: roots.id, sugar_min: 4, sugar_med: 6, sugar_max: 8, starch_min: 10, starch_med: 14, starch_max: 18 },
      { crop_id: crop.id, sequence_number: 2, name: 'Bud break', linked_tissue_id: roots.id, sugar_min: 3, sugar_med: 5, sugar_max: 7, starch_min: 8, starch_med: 11, starch_max: 14 },
      { crop_id: crop.id, sequence_number: 3, name: 'Harvest', linked_tissue_id: shoots.id, sugar_min: 2, sugar_med: 4, sugar_max: 6, starch_min: 6, starch_med: 9, starch_max: 12 },
    ])
    .returning(['id', 'name', 'sequence_number'])
    .execute();
  await db
    .insertInto('region_growth_values')
    .values({ region_id: region.id, growth_stage_id: stages[0].id, override: true, sugar_min: 5, sugar_med: 7, sugar_max: 9, starch_min: 11, starch_med: 15, starch_max: 19 })
    .execute();
  await db
    .insertInto('cultivar_growth_values')
    .values({ cultivar_id: cultivars[0].id, growth_stage_id: stages[1].id, override: true, sugar_min: 3.5, sugar_med: 5.5, sugar_max: 7.5, starch_min: 8.5, starch_med: 11.5, starch_max: 14.5 })
    .execute();
  return { tissues: { roots, shoots }, crop, cultivars, region, stages };
}

export type CarbohydrateReference = Awaited<ReturnType<typeof seedCarbohydrateReference>>;

/** A lab job with entries (results optional), as a saved job card would hold them. */
export async function seedLabJob(
  db: Db,
  ref: CarbohydrateReference,
  opts: { createdBy?: number | null; samples: { sampleNumber: string; entity?: string; farm?: string; block?: string; sugar?: number | null; starch?: number | null; na?: boolean; stage?: number }[] },
) {
  const job = await db
    .insertInto('lab_jobs')
    .values({ received_on: '2026-11-01', created_by: opts.createdBy ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entries = await db
    .insertInto('lab_job_entries')
    .values(
      opts.samples.map((s, i) => ({
        lab_job_id: job.id,
        position: i + 1,
        sample_number: s.sampleNumber,
        entity: s.entity ?? 'Green Valley Farms',
        agent: 'Agent Smith',
        agronomist: 'Dr Nel',
        farm_name: s.farm ?? 'Riverside',
        field_block_number: s.block ?? 'B1',
        sample_date: new Date('2026-10-20T08:00:00Z'),
        tissue_id: ref.tissues.roots.id,
        crop_id: ref.crop.id,
        cultivar_id: ref.cultivars[0].id,
        region_id: null,
        growth_stage_id: ref.stages[s.stage ?? 0].id,
        sugar: s.sugar ?? null,
        starch: s.starch ?? null,
        na: s.na ?? false,
        result_on: s.sugar != null || s.starch != null || s.na ? new Date() : null,
      })),
    )
    .returning(['id', 'sample_number'])
    .execute();
  return { jobId: job.id, entries };
}

/**
 * A list too long to count: one job of `rows` measured entries, sample numbers S0000000… in order and
 * result times one second apart (generated in the database), then analysed so the planner knows its size.
 */
export async function seedLongResultsList(db: Db, rows: number) {
  const ref = await seedCarbohydrateReference(db);
  const { jobId } = await seedLabJob(db, ref, { samples: [{ sampleNumber: 'S0000000', sugar: 1 }] });
  await sql`insert into lab_job_entries (lab_job_id, position, sample_number, entity, agent, agronomist, farm_name, field_block_number,
      sample_date, tissue_id, crop_id, cultivar_id, growth_stage_id, sugar, na, result_on)
    select e.lab_job_id, 1 + s, 'S' || lpad(s::text, 7, '0'), e.entity, e.agent, e.agronomist, e.farm_name, e.field_block_number,
      e.sample_date, e.tissue_id, e.crop_id, e.cultivar_id, e.growth_stage_id, s % 10, false, e.result_on + s * interval '1 second'
    from lab_job_entries e cross join generate_series(1, ${rows - 1}) s where e.lab_job_id = ${jobId}`.execute(db);
  await sql`analyze lab_job_entries`.execute(db);
}

/**
 * The lab's QC setting switched to "controls optional" (issue 37: controls are required by default, ADR 0160), for
 * the tests of results and job states that are not about quality control; apps/server/test/qc.test.ts tests the rule.
 */
export async function controlsOptional(db: Db): Promise<void> {
  await db.updateTable('qc_settings').set({ controls_optional: true }).where('id', '=', 1).execute();
}

/** What a carbohydrate report request names besides its results: the English language, an address and a distributor (no logo). */
export async function seedReportBase(db: Db): Promise<{ langId: number; addressId: number; distributor: number }> {
  const langs = await db.selectFrom('languages').select(['id', 'name']).execute();
  const address = await db.insertInto('addresses').values({ name: 'Sapwood Labs', address_line: '1 Lab Road', area: 'Stellenbosch', code: '7600', number: '021', email: 'lab@sapwood.test', website: 'sapwood.test', file_prefix: 'SWL', logo_word: 'SAPWOOD', is_default: true }).returning('id').executeTakeFirstOrThrow();
  const distributor = await db.insertInto('distributors').values({ name: 'AgriCo', image_path: null, image_hash: null }).returning('id').executeTakeFirstOrThrow();
  return { langId: langs.find((l) => l.name === 'English')!.id, addressId: address.id, distributor: distributor.id };
}
