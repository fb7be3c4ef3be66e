import pg from 'pg';

/**
 * Submissions for `bench:submissions`, generated inside PostgreSQL (insert … select over generate_series):
 * - the reference rows a submission needs (an agent, a depot, an agronomist, ten crops with a cultivar each)
 * - SUBMISSIONS leaf submissions (2,000 clients, 1–3 farms each; labs Manual 20%, Nvirotek 50%, Wynland 30%),
 *   submitted one every 10 minutes from 2024-01-01; states by a hash: 70% Results, 20% Completed, 10% Archived;
 *   each with 1–12 samples (hand-added rows, crops of the ten) and two history entries.
 */
export const SUBMISSIONS = 100_000;

export interface Reference {
  agentId: number;
  depotId: number;
  agronomistId: number;
  cropId: number;
  cultivarId: number;
}

const first = async (c: pg.Client, q: string, params: unknown[] = []) => (await c.query<{ id: number }>(q, params)).rows[0].id;

/** The reference rows (made once a database); answers the first crop and its cultivar for hand-made submissions. */
export async function loadReference(c: pg.Client): Promise<Reference> {
  const crops = ['Pecan', 'Macadamia', 'Apple', 'Pear', 'Citrus', 'Avocado', 'Grape', 'Peach', 'Plum', 'Walnut'];
  await c.query(`insert into crops (name, factor) select n, 1 from unnest($1::text[]) n where not exists (select 1 from crops c where c.name = n)`, [crops]);
  await c.query(`insert into cultivars (crop_id, name) select c.id, c.name || ' cultivar' from crops c
    where not exists (select 1 from cultivars k where k.crop_id = c.id)`);
  const agentId = await first(c, `with a as (insert into agents (name) select 'Bench agent' where not exists (select 1 from agents where name = 'Bench agent') returning id)
    select id from a union all select id from agents where name = 'Bench agent' limit 1`);
  const depotId = await first(c, `with a as (insert into depots (name) select 'Bench depot' where not exists (select 1 from depots where name = 'Bench depot') returning id)
    select id from a union all select id from depots where name = 'Bench depot' limit 1`);
  const agronomistId = await first(c, `with a as (insert into agronomists (name) select 'Bench agronomist' where not exists (select 1 from agronomists where name = 'Bench agronomist') returning id)
    select id from a union all select id from agronomists where name = 'Bench agronomist' limit 1`);
  const cropId = await first(c, `select id from crops where name = 'Pecan'`);
  const cultivarId = await first(c, `select id from cultivars where crop_id = $1 order by id limit 1`, [cropId]);
  return { agentId, depotId, agronomistId, cropId, cultivarId };
}

export async function countSubmissions(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query<{ n: string }>(`select count(*) as n from submissions where kind = 'leaf' and state = 'Results'`)).rows[0].n);
  } finally {
    await c.end();
  }
}

/** Loads SUBMISSIONS submissions with their samples and history; answers how many are on the Results tab. */
export async function loadSubmissions(url: string, log: (s: string) => void, n = SUBMISSIONS): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const ref = await loadReference(c);
    const t0 = Date.now();
    await c.query('begin');
    await c.query(`
      create temporary table bench_subs on commit drop as
      select i,
        'client ' || lpad(((i / 7) % 2000)::text, 4, '0') as client,
        'farm ' || ((i / 7) % 2000)::text || '-' || (1 + (i / 7) % 3)::text as farm,
        (array['Manual','Nvirotek','Nvirotek','Nvirotek','Nvirotek','Nvirotek','Wynland','Wynland','Wynland','Manual'])[1 + (i % 10)] as lab,
        case when hashint4(i) % 10 in (0, 1) then 'Completed' when abs(hashint4(i)) % 10 = 2 then 'Archived' else 'Results' end as state,
        timestamptz '2024-01-01 06:00:00+00' + (i * interval '10 minutes') as at
      from generate_series(1, $1::int) i`, [n]);
    await c.query(`
      insert into submissions (kind, lab, state, client_name, farm_name, agent_id, depot_id, agronomist_id, date_sent, date_sampled,
        reference, lab_job_id, lab_work_order, prepared_by, submitted_at, completed_at, demo)
      select 'leaf', b.lab, b.state, b.client, b.farm, $1, $2, $3, b.at::date, b.at::date - 2,
        'bench-' || b.i, case when b.lab <> 'Manual' then 'J' || b.i end, case when b.lab <> 'Manual' then 'WO-' || b.i end,
        (select min(id) from users), b.at, case when b.state = 'Completed' then b.at + interval '3 days' end, false
      from bench_subs b order by b.i`, [ref.agentId, ref.depotId, ref.agronomistId]);
    await c.query(`
      insert into submission_samples (submission_id, group_no, position, sample_number, block_number, crop_id, cultivar_ids, growth_stage, organ_type, test)
      select s.id, 1, p, 'L' || lpad(s.id::text, 7, '0') || '-' || p, 'B' || (1 + p % 12),
        cr.id, array[cu.id], 'Flowering', 'Normal', 'StandardItestLeaf'
      from submissions s
      cross join lateral generate_series(1, 1 + abs(hashint4(s.id)) % 12) p
      join lateral (select id from crops order by id offset (s.id % 10) limit 1) cr on true
      join lateral (select id from cultivars where crop_id = cr.id order by id limit 1) cu on true
      where s.reference like 'bench-%'`);
    await c.query(`
      update submissions s set sample_count = x.n, crop_ids = x.crops
      from (select submission_id, count(*)::int as n, array_agg(distinct crop_id order by crop_id) as crops from submission_samples group by submission_id) x
      where x.submission_id = s.id and s.reference like 'bench-%'`);
    await c.query(`
      insert into submission_events (submission_id, at, user_id, from_state, to_state, reason)
      select s.id, s.submitted_at, s.prepared_by, null, 'Waiting', 'submitted' from submissions s where s.reference like 'bench-%'
      union all
      select s.id, s.submitted_at + interval '1 day', null, 'Waiting', 'Results', 'results from the lab' from submissions s where s.reference like 'bench-%'`);
    await c.query('commit');
    await c.query('analyze submissions; analyze submission_samples; analyze submission_events');
    const results = Number((await c.query<{ n: string }>(`select count(*) as n from submissions where kind = 'leaf' and state = 'Results'`)).rows[0].n);
    log(`loaded ${n} submissions (${results} on the Results tab) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return results;
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}
