import { type RawBuilder, sql } from 'kysely';
import type { CarbohydrateResultRow } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { type ListOrder, decodeCursor, encodeCursor, orderBy, orderByMatched, seek } from './results-query.repository';

/** Lists up to this many rows are counted exactly; beyond it the planner's estimate is shown ('≈'). */
export const EXACT_COUNT_CAP = 10_000;

export interface PageRequest {
  where: RawBuilder<unknown>;
  order: ListOrder;
  page: number;
  size: number;
  anchor?: { page: number; first: string; last: string };
}

export interface PageResult {
  rows: CarbohydrateResultRow[];
  total: number;
  estimated: boolean;
  firstKey: string | null;
  lastKey: string | null;
}

type KeyRow = { id: number; k: string };

export class ResultsRepository {
  /** a planner estimate this far above the cap is trusted without counting at all */
  private readonly trustFrom: number;

  /** `cap` 0 makes every list take the large-list path (tests of the seek use it). */
  constructor(private readonly db: Db, private readonly cap = EXACT_COUNT_CAP) {
    this.trustFrom = 5 * cap;
  }

  /**
   * One page. When the planner expects few matches they are collected once (up to the cap, through
   * their best index) and both counted and sorted from that set; otherwise the estimate stands as the
   * total and the page is read in order from the order's index, by a seek from the anchor page when
   * there is one, else by offset.
   */
  async page(r: PageRequest): Promise<PageResult> {
    const estimate = await this.estimate(r.where);
    let total = { total: estimate, estimated: true };
    let keys: KeyRow[] | null = null;
    if (estimate < this.trustFrom) {
      const small = await this.smallPage(r);
      if (small.n <= this.cap) {
        total = { total: small.n, estimated: false };
        keys = small.keys;
      } else total = { total: Math.max(estimate, this.cap + 1), estimated: true };
    }
    keys ??= await this.pageKeys(r);
    const rows = await this.details(keys.map((k) => k.id), true);
    const first = keys[0];
    const last = keys[keys.length - 1];
    return {
      rows,
      ...total,
      firstKey: first ? encodeCursor(r.order, first.k, first.id) : null,
      lastKey: last ? encodeCursor(r.order, last.k, last.id) : null,
    };
  }

  /** Up to cap + 1 matches collected once: how many there are, and the page among them. */
  private async smallPage(r: PageRequest): Promise<{ n: number; keys: KeyRow[] }> {
    const q = sql<{ n: number; id: number | null; k: string | null }>`
      with m as materialized (select e.id, ${r.order.key} as sk from lab_job_entries e where ${r.where} limit ${this.cap + 1}),
        c as (select count(*)::int as n from m),
        p as (select m.id, (m.sk)::text as k, row_number() over (order by ${orderByMatched(r.order)}) as rn from m
          order by ${orderByMatched(r.order)} limit ${r.size} offset ${(r.page - 1) * r.size})
      select c.n, p.id, p.k from c left join p on true order by p.rn`;
    const rows = (await q.execute(this.db)).rows;
    return { n: rows[0]?.n ?? 0, keys: rows.flatMap((x) => (x.id === null || x.k === null ? [] : [{ id: x.id, k: x.k }])) };
  }

  private async pageKeys(r: PageRequest): Promise<KeyRow[]> {
    const { order, size, page, anchor } = r;
    if (anchor && anchor.page !== page) {
      const forward = page > anchor.page;
      const from = decodeCursor(order, forward ? anchor.last : anchor.first);
      if (from) {
        const skip = (Math.abs(page - anchor.page) - 1) * size;
        const rows = await this.keys(sql`${r.where} and ${seek(order, from.k, from.id, forward)}`, order, size, skip, forward);
        return forward ? rows : rows.reverse();
      }
    }
    return this.keys(r.where, order, size, (page - 1) * size, true);
  }

  /** Keys (the order's key as text, and id) of a stretch of the list, read in order. */
  async keys(where: RawBuilder<unknown>, order: ListOrder, limit: number, offset: number, forward = true): Promise<KeyRow[]> {
    const q = sql<KeyRow>`select e.id, (${order.key})::text as k from lab_job_entries e where ${where}
      order by ${orderBy(order, forward)} limit ${limit} offset ${offset}`;
    return (await q.execute(this.db)).rows;
  }

  /** The next chunk after a key (downloads walk the whole list this way, never by offset). */
  chunkAfter(where: RawBuilder<unknown>, order: ListOrder, after: KeyRow | null, limit: number): Promise<KeyRow[]> {
    const w = after ? sql`${where} and ${seek(order, after.k, after.id, true)}` : where;
    return this.keys(w, order, limit, 0, true);
  }

  /** The planner's estimate of how many rows match (well under a millisecond at any size). */
  async estimate(where: RawBuilder<unknown>): Promise<number> {
    const plan = await sql<Record<string, unknown>>`explain (format json) select 1 from lab_job_entries e where ${where}`.execute(this.db);
    const raw = Object.values(plan.rows[0] ?? {})[0];
    const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    return Math.round(json[0]?.Plan?.['Plan Rows'] ?? 0);
  }

  /** The full rows of these ids, in the order given. */
  async details(ids: number[], withGroupCount: boolean): Promise<CarbohydrateResultRow[]> {
    if (ids.length === 0) return [];
    const groupCount = withGroupCount
      ? sql`(select count(*) from lab_job_entries g where g.location_key = e.location_key and g.result_on is not null)::int`
      : sql`0`;
    const q = sql<CarbohydrateResultRow>`
      select e.id, e.location_key as "group", ${groupCount} as "groupCount", e.sample_number as "sampleNumber",
        e.entity, e.entity as client, e.farm_name as "farmName", e.agent, e.agronomist as agriculturist,
        c.name as crop, e.crop_id as "cropId", cv.name as cultivar, e.cultivar_id as "cultivarId",
        r.name as "regionName", e.region_id as "regionId", e.field_block_number as "fieldBlockNumber",
        t.name as tissue, e.tissue_id as "tissueId", gs.name as "cropGrowth", e.growth_stage_id as "cropGrowthId",
        lt.name as "linkedTissueName", e.sugar, e.starch, e.na, e.sample_date as "sampleDate", j.created_at as "createdOn",
        e.result_on as "completedOn", e.carbohydrate_sample_id as "carboHydrateId", e.row_version as "rowVersion"
      from lab_job_entries e
        join lab_jobs j on j.id = e.lab_job_id
        join crops c on c.id = e.crop_id
        left join cultivars cv on cv.id = e.cultivar_id
        left join regions r on r.id = e.region_id
        join tissues t on t.id = e.tissue_id
        join growth_stages gs on gs.id = e.growth_stage_id
        left join tissues lt on lt.id = gs.linked_tissue_id
      where e.id = any(${`{${ids.join(',')}}`}::int[])`;
    const rows = (await q.execute(this.db)).rows;
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
