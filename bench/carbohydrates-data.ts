import pg from 'pg';
import { withPgClient } from '../apps/server/src/db/pg-client';
import { finishLoad } from './pg-load';

/**
 * Realistic carbohydrate data for the benchmark, generated inside PostgreSQL (insert … select over
 * generate_series): 10 crops with cultivars, regions and 6 ordered growth stages each, 8 tissues,
 * 2,000 clients with 1–3 farms, JOBS lab jobs of 20 samples. The last 1,500 jobs have no results yet.
 * The list indexes are dropped during the load and rebuilt after it (the fast way to bulk-load).
 */
export const JOBS = 52_500;
export const SAMPLES_PER_JOB = 20;
export const PENDING_JOBS = 1_500;

/** `jobs`: fewer jobs than the benchmark's (a test of the benchmark itself), a tenth of them without results (at most PENDING_JOBS). */
export async function loadData(url: string, log: (s: string) => void, jobs = JOBS): Promise<{ results: number; entries: number }> {
  const pending = Math.min(PENDING_JOBS, Math.floor(jobs / 10));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`insert into tissues (name) select unnest(array['Roots','Shoots','Leaves','Bark','Buds','Fruit','Stems','Twigs'])`);
    await c.query(`insert into crops (name, factor) select unnest(array['Pecan','Macadamia','Apple','Pear','Citrus','Avocado','Grape','Peach','Plum','Walnut']), 1`);
    await c.query(`insert into cultivars (crop_id, name) select c.id, c.name || ' cultivar ' || n from crops c, generate_series(1, 3) n`);
    await c.query(`insert into regions (crop_id, name) select c.id, c.name || ' region ' || n from crops c, generate_series(1, 3) n`);
    await c.query(`insert into growth_stages (crop_id, sequence_number, name, linked_tissue_id, sugar_min, sugar_med, sugar_max, starch_min, starch_med, starch_max)
      select c.id, n, (array['Dormancy','Bud break','Flowering','Fruit set','Harvest','Post harvest'])[n], 1 + (c.id + n) % 8, 3, 5, 7, 8, 12, 16
      from crops c, generate_series(1, 6) n`);
    const t0 = Date.now();
    await c.query(`insert into lab_jobs (received_on, created_at)
      select (timestamp '2023-01-01' + (j * interval '30 minutes'))::date, timestamp '2023-01-01' + (j * interval '30 minutes')
      from generate_series(1, ${jobs}) j`);
    const indexes = (await c.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'lab_job_entries' and indexname <> 'lab_job_entries_pkey'`,
    )).rows;
    for (const i of indexes) await c.query(`drop index ${i.indexname}`);
    // job j: client (j*7919) % 2000, farm 1–3 of that client, crop (j % 10) + 1; 20 samples each.
    await c.query(`insert into lab_job_entries (lab_job_id, position, sample_number, entity, agent, agronomist, farm_name,
        field_block_number, sample_date, tissue_id, crop_id, cultivar_id, region_id, growth_stage_id, sugar, starch, na, result_on, created_at)
      select j.id, s, 'C' || lpad(((j.id - 1) * ${SAMPLES_PER_JOB} + s)::text, 7, '0'),
        'Client ' || lpad(((j.id * 7919) % 2000)::text, 4, '0') || ' Holdings',
        'Agent ' || ((j.id * 31) % 40), 'Agronomist ' || ((j.id * 17) % 60),
        'Farm ' || ((j.id * 7919) % 2000) || '-' || (1 + (j.id / 7) % 3),
        'B' || (1 + s % 8), j.created_at - interval '3 days',
        g.linked_tissue_id, g.crop_id, cv.id, case when s % 3 = 0 then null else r.id end, g.id,
        case when j.id > ${jobs - pending} then null else round((2 + random() * 8)::numeric, 3)::float8 end,
        case when j.id > ${jobs - pending} then null else round((5 + random() * 15)::numeric, 3)::float8 end,
        false,
        case when j.id > ${jobs - pending} then null else j.created_at + interval '2 days' + s * interval '1 minute' end,
        j.created_at
      from lab_jobs j
        cross join generate_series(1, ${SAMPLES_PER_JOB}) s
        join growth_stages g on g.crop_id = (j.id % 10) + 1 and g.sequence_number = 1 + (j.id / 10) % 6
        join cultivars cv on cv.crop_id = g.crop_id and cv.name like '% cultivar ' || (1 + s % 3)
        join regions r on r.crop_id = g.crop_id and r.name like '% region ' || (1 + (j.id / 3) % 3)`);
    log(`  entries inserted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await finishLoad(c, { indexes, what: 'indexes', tables: ['lab_job_entries', 'lab_jobs'] }, log);
    return await counts(c);
  } finally {
    await c.end();
  }
}

async function counts(c: pg.Client): Promise<{ results: number; entries: number }> {
  const n = await c.query<{ results: string; entries: string }>(
    'select count(*) filter (where result_on is not null) as results, count(*) as entries from lab_job_entries',
  );
  return { results: Number(n.rows[0].results), entries: Number(n.rows[0].entries) };
}

/** How many results and entries a loaded database holds. */
export async function countData(url: string): Promise<{ results: number; entries: number }> {
  return withPgClient(url, counts);
}

/** One more job of `samples` entries waiting for results (the results dialog the benchmark saves); answers its id. */
export async function loadDialogJob(url: string, samples: number): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const job = await c.query<{ id: number }>(`insert into lab_jobs (received_on) values (current_date) returning id`);
    const id = job.rows[0].id;
    await c.query(`insert into lab_job_entries (lab_job_id, position, sample_number, entity, agent, agronomist, farm_name,
        field_block_number, sample_date, tissue_id, crop_id, cultivar_id, region_id, growth_stage_id, na)
      select $1, s, 'D' || lpad(s::text, 6, '0'), 'Dialog Client', 'Agent 1', 'Agronomist 1', 'Dialog Farm', 'B' || (1 + s % 8),
        now() - interval '1 day', g.linked_tissue_id, g.crop_id, cv.id, null, g.id, false
      from generate_series(1, $2::int) s
        join growth_stages g on g.crop_id = 1 and g.sequence_number = 1
        join cultivars cv on cv.crop_id = 1 and cv.name like '% cultivar 1'`, [id, samples]);
    return id;
  } finally {
    await c.end();
  }
}
