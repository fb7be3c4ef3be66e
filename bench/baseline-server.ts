import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prefixEnd } from '../apps/server/src/db/keyset/match';
import { type LeafAsk, leafStatement } from './baseline-leafs';

/** the server's V8 flags (SERVER_V8_FLAGS of apps/server/src/runtime-flags.ts, which sets them as it loads) */
const BASELINE_V8_FLAGS = ['--no-allocation-site-pretenuring'];

/**
 * The bare baseline of `npm run bench:lists`: plain node:http + pg, one prepared statement a page, answering
 * the same rows as the app's carbohydrate results list (the same columns, built as JSON by PostgreSQL the same
 * way). What it lacks and the app has: sign-in and permission checks, input validation, counts, cursors, the
 * security headers. POST /paged {scenario, page?, after?, search?, cropId?, cropGrowthId?} answers `{"rows":[…]}`;
 * POST /leafs {scenario, afterId?, search?} the same for the /leafs Not Completed list (bench/baseline-leafs.ts).
 */

/** a page's rows as the app builds them (features/carbohydrates/results-details.repository.ts, page shape: a merged group's clients and farms too; qcHold: qc's qcHoldOfJob) */
const ROWS = `src as materialized (select k.id, row_number() over () as rn from keys k),
  gc as (select g.location_key as key, count(*)::int as n from lab_job_entries g
    where g.result_on is not null and g.location_key in (select x.location_key from src join lab_job_entries x on x.id = src.id)
    group by g.location_key)
  select coalesce(json_agg(d.j order by d.rn), '[]')::text as rows from (
    select src.rn, json_build_object('id', e.id, 'group', e.location_key, 'groupCount', coalesce(gc.n, 0),
      'groupClients', (case when e.location_key like 'M%' then (select array_agg(distinct btrim(g.entity) order by btrim(g.entity))
        from lab_job_entries g where g.location_key = e.location_key and g.result_on is not null) end),
      'groupFarms', (case when e.location_key like 'M%' then (select array_agg(distinct btrim(g.farm_name) order by btrim(g.farm_name))
        from lab_job_entries g where g.location_key = e.location_key and g.result_on is not null) end),
      'sampleNumber', e.sample_number,
      'entity', e.entity, 'client', e.entity, 'farmName', e.farm_name, 'agent', e.agent, 'agriculturist', e.agronomist,
      'crop', (select x.name from crops x where x.id = e.crop_id), 'cropId', e.crop_id,
      'cultivar', (select x.name from cultivars x where x.id = e.cultivar_id), 'cultivarId', e.cultivar_id,
      'regionName', (select x.name from regions x where x.id = e.region_id), 'regionId', e.region_id,
      'fieldBlockNumber', e.field_block_number,
      'tissue', (select x.name from tissues x where x.id = e.tissue_id), 'tissueId', e.tissue_id,
      'cropGrowth', gs.name, 'cropGrowthId', e.growth_stage_id,
      'linkedTissueName', (select x.name from tissues x where x.id = gs.linked_tissue_id),
      'sugar', e.sugar, 'starch', e.starch, 'na', e.na,
      'sampleDate', to_char(e.sample_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'createdOn', to_char((select j.created_at from lab_jobs j where j.id = e.lab_job_id) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'completedOn', to_char(e.result_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'carboHydrateId', e.carbohydrate_sample_id, 'rowVersion', e.row_version,
      'qcHold', (case
        when exists (select 1 from qc_job_controls q where q.lab_job_id = e.lab_job_id and q.outcome = 'reject' and q.released_at is null) then 'rejected'
        when not exists (select 1 from qc_settings s where s.id = 1 and (s.controls_optional or e.lab_job_id < s.controls_required_from_job))
          and not exists (select 1 from qc_job_controls q where q.lab_job_id = e.lab_job_id and q.value is not null and not exists (
            select 1 from qc_job_controls u where u.lab_job_id = e.lab_job_id and u.value is null)) then 'unentered'
      end)) as j
    from src join lab_job_entries e on e.id = src.id
      join growth_stages gs on gs.id = e.growth_stage_id
      left join gc on gc.key = e.location_key) d`;

/**
 * the keys of each scenario's page, newest first (the list's default order), 50 a page; the page size and offset
 * are written into the statement (a parameter limit makes PostgreSQL plan every call: ADR 0096), so each size and
 * offset is a statement of its own, prepared once
 */
const KEYS: Record<string, string> = {
  page1: 'select id from lab_job_entries where result_on is not null order by id desc',
  deep: 'select id from lab_job_entries where result_on is not null and id < $1 order by id desc',
  search: `select id from (
      select id from lab_job_entries where result_on is not null and sample_key >= $1 and sample_key < $2
      union select id from lab_job_entries where result_on is not null and entity_key >= $1 and entity_key < $2
      union select id from lab_job_entries where result_on is not null and farm_key >= $1 and farm_key < $2
      union select id from lab_job_entries where result_on is not null and block_key >= $1 and block_key < $2) u
    order by id desc`,
  filter: 'select id from lab_job_entries where result_on is not null and crop_id = $1 and growth_stage_id = $2 order by id desc',
};

interface Ask { scenario: string; page?: number; size?: number; after?: number; search?: string; cropId?: number; cropGrowthId?: number }

function statement(a: Ask): { name: string; text: string; values: unknown[] } {
  const size = Math.trunc(Number(a.size ?? 50));
  const offset = Math.trunc(((a.page ?? 1) - 1) * size);
  const keys = KEYS[a.scenario];
  if (!keys) throw new Error(`unknown scenario ${a.scenario}`);
  const text = `with keys as (${keys} limit ${size} offset ${offset}), ${ROWS}`;
  const values: unknown[] = [];
  if (a.scenario === 'deep') values.push(a.after);
  if (a.scenario === 'search') {
    const from = (a.search ?? '').toLowerCase();
    values.push(from, prefixEnd(from) ?? '\uffff');
  }
  if (a.scenario === 'filter') values.push(a.cropId, a.cropGrowthId);
  return { name: `baseline_${a.scenario}_${size}_${offset}`, text, values };
}

export async function startBaselineServer(databaseUrl: string, connections = 20): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const ask: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const q = req.url === '/leafs' ? leafStatement(ask as LeafAsk) : statement(ask as Ask);
          // a ready Query made from the text, then named: pg copies a query given as an object member by member
          // (Object.getOwnPropertyDescriptors, 2 µs a query), which the app no longer pays (db/prepared.ts queryOf)
          const query = Object.assign(new pg.Query(q.text, q.values), { name: q.name });
          const r = (await pool.query(query as never)) as unknown as pg.QueryResult<{ rows: string }>;
          const body = `{"rows":${r.rows[0].rows}}`;
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
          res.end(body);
        } catch (err) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: String(err) }));
        }
      })();
    });
  });
  // idle connections kept as long as the app's (Fastify's 72 s): node's 5 s closed the load client's pooled sockets
  // while the app's rounds ran, and the next round met "socket hang up"
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

/**
 * The baseline in a process of its own, as the app runs (node:http + pg, nothing else loaded): the load
 * generator's process would otherwise answer its own requests, with no hand-over between processes per
 * answer, which the app pays and a deployed bare server would pay too. `pid`: its CPU can be read. `env`: more
 * of its environment (PGAPPNAME names its connections, so that their PostgreSQL processes' CPU can be read);
 * `flags`: more of node's (a V8 setting tried on the app and the baseline alike).
 */
export async function startBaselineProcess(databaseUrl: string, connections = 20, env: Record<string, string> = {}, flags: readonly string[] = []): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  // the app's V8 flag (apps/server/src/runtime-flags.ts, ADR 0095) as an argument: Node refuses it in NODE_OPTIONS
  const child = spawn(process.execPath, [...BASELINE_V8_FLAGS, ...flags, '--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { PATH: process.env.PATH ?? '', BASELINE_DATABASE_URL: databaseUrl, BASELINE_CONNECTIONS: String(connections), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\S+)\n/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code}): ${out}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    close: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

// run as a process (startBaselineProcess): serve until SIGTERM
if (process.env.BASELINE_DATABASE_URL && process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startBaselineServer(process.env.BASELINE_DATABASE_URL, Number(process.env.BASELINE_CONNECTIONS ?? 20));
  process.stdout.write(`listening ${server.url}\n`);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
