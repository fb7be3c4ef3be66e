import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { type KeysetDeclaration, type PageResult, type SearchRequest, SearchedList } from '../../db/keyset';

type Kind = 'leaf' | 'soil';

/** The group's Not Completed captures (through captures_pending_group_idx, whose predicate this is). */
const captures = (what: RawBuilder<unknown>, from = sql`captures c`) => sql`(select ${what} from ${from}
  where c.kind = g.kind and c.captured_day = g.day and c.client_name = g.client_name and c.farm_name = g.farm_name
    and c.status = 'NotCompleted' and c.refused_reason is null)`;

/** A pending row (contracts PendingRow): the group, its crops (leaf) and its entries in sample number order. */
const columns = (kind: Kind) => [
  { as: 'id', value: sql`g.id` },
  { as: 'date', value: sql`to_char(g.day, 'YYYY-MM-DD')` },
  { as: 'clientName', value: sql`g.client_name` },
  { as: 'farmName', value: sql`g.farm_name` },
  { as: 'samples', value: sql`g.samples` },
  {
    as: 'crops',
    value: kind === 'leaf' ? captures(sql`coalesce(string_agg(distinct cr.name, ', ' order by cr.name), '')`, sql`captures c join crops cr on cr.id = c.crop_id`) : sql`''`,
  },
  { as: 'latest', value: sql`g.latest`, time: true },
  { as: 'dataIds', value: captures(sql`coalesce(json_agg(c.id order by c.sample_number, c.id), '[]')`) },
];

/**
 * The Prepare tab's list of a kind (ADR 0105): the groups kept by migration 0215's triggers, paged by keys like
 * the capture lists (ADR 0084). Newest day first, then client and farm; sorts by day (then client and farm),
 * client, farm, samples and latest entry; the search is the start of the client's or the farm's name.
 */
function declaration(kind: Kind): KeysetDeclaration<object> {
  const cols = columns(kind);
  return {
    table: 'capture_groups',
    alias: 'g',
    id: 'id',
    where: sql`g.kind = ${sql.lit(kind)}`,
    filters: {},
    search: ['client_key', 'farm_key'],
    sorts: {
      date: { column: 'day_key', kind: 'text' },
      clientName: { column: 'client_key', kind: 'text' },
      farmName: { column: 'farm_key', kind: 'text' },
      samples: { column: 'samples', kind: 'int' },
      latest: { column: 'latest', kind: 'time' },
    },
    defaultSort: { column: 'newest_key', kind: 'text', desc: false },
    rows: { page: { columns: cols }, bulk: { columns: cols } },
  };
}

/** The Prepare tab's lists, one a kind, each made once (its statements and planner estimates kept). */
export class PendingGroupLists {
  private readonly lists = new Map<Kind, SearchedList>();

  constructor(private readonly db: Db) {}

  /** A page of the kind's pending groups as the request asks for it. */
  page(kind: Kind, request: SearchRequest): Promise<PageResult> {
    let list = this.lists.get(kind);
    if (!list) {
      list = new SearchedList(this.db, declaration(kind));
      this.lists.set(kind, list);
    }
    return list.read(request);
  }
}
