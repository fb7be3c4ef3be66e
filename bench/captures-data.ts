import pg from 'pg';
import { withPgClient } from '../apps/server/src/db/pg-client';
import { finishLoad } from './pg-load';

/**
 * A million field captures for the benchmarks (`bench:intake`, `bench:lists`), generated inside PostgreSQL
 * (insert … select over generate_series), shaped as the intake stores them: the original and the mapped
 * record side by side. Capture i:
 * - kind: soil for 3 in 20, otherwise leaf; keys LF-/SL-0000001 …; sample numbers L/S + 7 digits
 * - a field visit is 25 consecutive captures of one client (2,000 clients, 1–3 farms each), one crop of
 *   the lab's crops per farm (leaf only), one agent (40) and agronomist (60); blocks B1–B12
 * - synced 10 at a time every 15 minutes from 2023-06-01 (~2.9 years), captured up to 3 days before
 * - status spread by a hash: 80% Not Completed, 15% Completed, 5% Archived; lab 55% Nvirotek, 35%
 *   Wynland, 5% Manual, 5% none; refused ~2%: every 97th has no sample number, every 89th leaf names a
 *   crop the lab does not know (kept with the reason, never listed)
 * The list indexes are dropped during the load and rebuilt after it (the unique key stays).
 */
export const CAPTURES = 1_000_000;

/** The lab's crops the captures name (those the carbohydrate data made, or these when there are none). */
const CROPS = ['Pecan', 'Macadamia', 'Apple', 'Pear', 'Citrus', 'Avocado', 'Grape', 'Peach', 'Plum', 'Walnut'];

/** The crops the capture stand-in's captures name (tools/stand-ins/captures.data.ts; it also names one no lab knows). */
export const STAND_IN_CROPS = ['Pecan', 'Macadamia', 'Apple', 'Table grape'];

export interface CaptureCounts {
  captures: number;
  /** the rows of the /leafs Not Completed list */
  leafNotCompleted: number;
}

export async function loadCaptures(url: string, log: (s: string) => void, n = CAPTURES): Promise<CaptureCounts> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const have = await c.query('select 1 from crops where not archived limit 1');
    if (have.rowCount === 0) await c.query('insert into crops (name, factor) select unnest($1::text[]), 1', [CROPS]);
    const t0 = Date.now();
    const indexes = (await c.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.tablename = 'captures' and not exists (select 1 from pg_constraint k where k.conindid = (quote_ident(i.indexname))::regclass)`,
    )).rows;
    for (const i of indexes) await c.query(`drop index ${i.indexname}`);
    await c.query(`insert into captures (kind, capture_key, source_updated_at, original, mapped, refused_reason, status, lab, sample_number, crop_id,
        client_name, farm_name, block_number, agent, agronomist, captured_at, synced_at, latitude, longitude)
      select g.kind, g.key, g.updated,
        jsonb_build_object('id', g.key, 'kind', g.kind, 'updatedAt', g.updated, 'sampleNumber', g.sample, 'client', g.client, 'farm', g.farm,
          'block', g.block, 'crop', g.crop, 'agent', g.agent, 'agronomist', g.agronomist, 'lab', g.lab, 'capturedAt', g.captured,
          'location', jsonb_build_object('lat', g.lat, 'lng', g.lng), 'photo', g.photo),
        case when g.reason is null then jsonb_build_object('sampleNumber', g.sample, 'lab', g.lab, 'cropId', g.crop_id, 'crop', g.crop,
          'clientName', g.client, 'farmName', g.farm, 'blockNumber', g.block, 'agent', g.agent, 'agronomist', g.agronomist,
          'capturedAt', g.captured, 'location', jsonb_build_object('lat', g.lat, 'lng', g.lng), 'photo', g.photo) end,
        g.reason, g.status,
        case when g.reason is null then g.lab else '' end, case when g.reason is null then g.sample else '' end,
        case when g.reason is null then g.crop_id end,
        case when g.reason is null then g.client else '' end, case when g.reason is null then g.farm else '' end,
        case when g.reason is null then g.block else '' end, case when g.reason is null then g.agent else '' end,
        case when g.reason is null then g.agronomist else '' end,
        case when g.reason is null then g.captured_at end, g.synced_at, g.lat, g.lng
      from (
        select v.*,
          case when v.sample = '' then 'missing sample number' when v.kind = 'leaf' and v.i % 89 = 0 then 'unknown crop ''Dragonfruit''' end as reason,
          to_char(v.captured_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as captured,
          to_char((v.captured_at + interval '5 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated,
          case when v.kind <> 'leaf' then null when v.i % 89 = 0 then 'Dragonfruit' else cr.name end as crop,
          case when v.kind = 'leaf' then cr.id end as crop_id
        from (
          select i, kind, visit, client_no,
            case when i % 97 = 0 then '' else upper(left(kind, 1)) || lpad(i::text, 7, '0') end as sample,
            upper(left(kind, 1)) || case when kind = 'leaf' then 'F' else 'L' end || '-' || lpad(i::text, 7, '0') as key,
            'Client ' || lpad(client_no::text, 4, '0') || ' Holdings' as client,
            'Farm ' || client_no || '-' || (1 + visit % 3) as farm,
            'B' || (1 + i % 12) as block,
            'Agent ' || (visit * 31) % 40 as agent, 'Agronomist ' || (visit * 17) % 60 as agronomist,
            case when (visit * 31) % 20 < 11 then 'Nvirotek' when (visit * 31) % 20 < 18 then 'Wynland' when (visit * 31) % 20 = 18 then 'Manual' else '' end as lab,
            case when (i * 7919) % 100 < 5 then 'Archived' when (i * 7919) % 100 < 20 then 'Completed' else 'NotCompleted' end as status,
            timestamptz '2023-06-01 06:00:00Z' + ((i - 1) / 10) * interval '15 minutes' as synced_at,
            timestamptz '2023-06-01 06:00:00Z' + ((i - 1) / 10) * interval '15 minutes' - ((i * 7919) % 4320) * interval '1 minute' as captured_at,
            round((-25.5 - (client_no % 50) / 100.0 - (i % 7) / 1000.0)::numeric, 4)::float8 as lat,
            round((28.1 + (client_no % 40) / 100.0 + (i % 5) / 1000.0)::numeric, 4)::float8 as lng,
            case when kind = 'leaf' then '/photos/leaf-' || i || '.png' end as photo,
            (client_no * 3 + visit % 3) as crop_no
          from (
            select i, case when i % 20 in (0, 7, 13) then 'soil' else 'leaf' end as kind, (i - 1) / 25 as visit, (((i - 1) / 25) * 7919) % 2000 as client_no
            from generate_series(1::bigint, $1::bigint) i
          ) s
        ) v
        join (select id, name, row_number() over (order by id) - 1 as no from crops where not archived) cr
          on cr.no = v.crop_no % (select count(*) from crops where not archived)
      ) g`, [n]);
    log(`  ${n} captures inserted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    // capture_groups: the Prepare tab's groups, which the captures' triggers filled as they were inserted (migration 0215)
    await finishLoad(c, { indexes, what: 'capture indexes', tables: ['captures', 'capture_groups'] }, log);
    return await counts(c);
  } finally {
    await c.end();
  }
}

async function counts(c: pg.Client): Promise<CaptureCounts> {
  const r = await c.query<{ captures: number; leaf: number }>(`select count(*)::int as captures,
    count(*) filter (where kind = 'leaf' and status = 'NotCompleted' and refused_reason is null)::int as leaf from captures`);
  return { captures: r.rows[0].captures, leafNotCompleted: r.rows[0].leaf };
}

/** How many captures a database holds (0 when it has no captures table yet). */
export async function countCaptures(url: string): Promise<CaptureCounts> {
  return withPgClient(url, async (c) => {
    const table = await c.query(`select 1 from pg_tables where tablename = 'captures'`);
    return table.rowCount === 0 ? { captures: 0, leafNotCompleted: 0 } : await counts(c);
  });
}
