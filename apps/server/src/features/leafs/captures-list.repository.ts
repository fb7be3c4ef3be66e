import { type RawBuilder, sql } from 'kysely';
import { resultValuesOf } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { type KeysetDeclaration, SearchedList } from '../../db/keyset';

type Kind = 'leaf' | 'soil';
type CaptureState = 'NotCompleted' | 'Completed' | 'Archived';

/**
 * The capture lists as the keyset engine pages them (db/keyset, ADR 0071 and 0084): the Not Completed,
 * Completed and Archived tabs of a kind (refused captures never), and its Results tab (captures with a
 * lab result, any state). A search looks for text at the start of the sample number, client, farm or
 * block (the stored keys of migration 0183); each sort is served by an index of that migration.
 */

/** a leaf capture's crop name: looked up by the crop's key, joined memoized into the list's scan (RowShape `lookups`) */
const crop = sql`cr.name`;
const cropLookup = (kind: Kind) => (kind === 'leaf' ? sql`\n      left join crops cr on cr.id = c.crop_id` : undefined);

/** The columns of a record of the kind (LeafRecord, FarmersSampleEntry). */
function recordColumns(kind: Kind) {
  return [
    { as: 'id', value: sql`c.id` },
    { as: 'lab', value: sql`c.lab` },
    { as: 'sampleNumber', value: sql`c.sample_number` },
    ...(kind === 'leaf' ? [{ as: 'crop', value: crop }] : []),
    { as: 'clientName', value: sql`c.client_name` },
    { as: 'farmName', value: sql`c.farm_name` },
    { as: 'blockNumber', value: sql`c.block_number` },
    { as: 'agent', value: sql`c.agent` },
    { as: 'agronomist', value: sql`c.agronomist` },
    { as: 'inserted', value: sql`c.synced_at`, time: true },
    { as: 'appAdded', value: sql`c.captured_at`, time: true },
    { as: 'photoPath', value: sql`c.photo_path` },
    ...(kind === 'soil' ? [{ as: 'submissionJobId', value: sql`c.submission_id` }, { as: 'submittedOn', value: sql`c.submitted_at`, time: true }] : []),
  ];
}

/**
 * The measured values of a result in the kind's order, as [{ name, lab_result }] (the stored JSON numbers as they
 * are), with `flag` where an outside lab's value is out of its bounds (migration 0205).
 */
function resultArray(kind: Kind): RawBuilder<unknown> {
  const codes = sql.join(resultValuesOf(kind).map((v) => sql.lit(v.code)));
  const value = sql`json_build_object('name', o.code, 'lab_result', r.values -> o.code)`;
  const flagged = sql`json_build_object('name', o.code, 'lab_result', r.values -> o.code, 'flag', r.flags ->> o.code)`;
  return sql`(select coalesce(json_agg(case when r.flags ->> o.code is not null then ${flagged} else ${value} end order by o.n), '[]')
    from unnest(array[${codes}]::text[]) with ordinality as o(code, n) where jsonb_typeof(r.values -> o.code) = 'number')`;
}

const SORTS: KeysetDeclaration<object>['sorts'] = {
  inserted: { column: 'synced_at', kind: 'time' },
  appAdded: { column: 'captured_key', kind: 'time' },
  sampleNumber: { column: 'sample_key', kind: 'text' },
  clientName: { column: 'client_key', kind: 'text' },
  lab: { column: 'lab', kind: 'plain' },
};

function declaration(kind: Kind, where: RawBuilder<unknown>, results: boolean): KeysetDeclaration<object> {
  const columns = [
    ...recordColumns(kind),
    ...(results ? [{ as: 'labName', value: sql`r.lab_name` }, { as: 'labNumber', value: sql`r.lab_number` }, { as: 'na', value: sql`r.na` }, { as: 'result', value: resultArray(kind) }] : []),
  ];
  const joins = results ? sql`\n      join capture_results r on r.capture_id = c.id` : undefined;
  const lookups = cropLookup(kind);
  return {
    table: 'captures',
    alias: 'c',
    id: 'id',
    where,
    filters: {},
    search: ['sample_key', 'client_key', 'farm_key', 'block_key'],
    sorts: SORTS,
    defaultSort: { column: 'id', kind: 'int', desc: true },
    rows: { page: { columns, joins, lookups }, bulk: { columns, joins, lookups } },
  };
}

/**
 * The kind's refused captures (the Refused tab): what each says and why it was refused, searched and sorted
 * like the other tabs, each sort from a partial index on the refused captures (migration 0210).
 */
function refusedDeclaration(kind: Kind): KeysetDeclaration<object> {
  const columns = [
    { as: 'id', value: sql`c.id` },
    { as: 'key', value: sql`c.capture_key` },
    { as: 'reason', value: sql`c.refused_reason` },
    // a record's columns without the crop (a refused capture names none of the lab's), photo or submission
    ...recordColumns('soil').filter((col) => ['lab', 'sampleNumber', 'clientName', 'farmName', 'blockNumber', 'agent', 'agronomist', 'inserted', 'appAdded'].includes(col.as)),
  ];
  return {
    table: 'captures',
    alias: 'c',
    id: 'id',
    where: sql`c.kind = ${sql.lit(kind)} and c.refused_reason is not null`,
    filters: {},
    search: ['sample_key', 'client_key', 'farm_key', 'block_key'],
    sorts: { inserted: SORTS.inserted, appAdded: SORTS.appAdded, sampleNumber: SORTS.sampleNumber, clientName: SORTS.clientName, key: { column: 'capture_key', kind: 'plain' } },
    defaultSort: { column: 'id', kind: 'int', desc: true },
    rows: { page: { columns }, bulk: { columns } },
  };
}

/** One capture list (a kind and a state, or a kind's results). */
export type CaptureList = SearchedList;

const live = (kind: Kind) => sql`c.kind = ${sql.lit(kind)} and c.refused_reason is null`;

/** The capture lists of both kinds, each made once (its statements and planner estimates kept). */
export class CaptureListsRepository {
  private readonly lists = new Map<string, CaptureList>();

  constructor(private readonly db: Db) {}

  /** A tab of the kind: its captures in that state. */
  state(kind: Kind, status: CaptureState): CaptureList {
    return this.list(`${kind}:${status}`, () => declaration(kind, sql`${live(kind)} and c.status = ${sql.lit(status)}`, false));
  }

  /** The kind's Results tab: its captures with a lab result, any state. */
  results(kind: Kind): CaptureList {
    return this.list(`${kind}:results`, () => declaration(kind, sql`${live(kind)} and exists (select 1 from capture_results x where x.capture_id = c.id)`, true));
  }

  /** The kind's Refused tab: the captures a sync could not import, until one accepts them. */
  refused(kind: Kind): CaptureList {
    return this.list(`${kind}:refused`, () => refusedDeclaration(kind));
  }

  private list(name: string, make: () => KeysetDeclaration<object>): CaptureList {
    let list = this.lists.get(name);
    if (!list) {
      list = new SearchedList(this.db, make());
      this.lists.set(name, list);
    }
    return list;
  }
}
