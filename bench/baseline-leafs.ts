import { prefixEnd } from '../apps/server/src/db/keyset/match';

/**
 * The bare baseline's statements for the /leafs Not Completed list (POST /leafs of bench/baseline-server.ts):
 * the same rows as the app's capture list (captures-list.repository.ts: the same columns, in the same order,
 * dates written as JavaScript writes them), one prepared statement a page (its size written in) and no count. A deep page is
 * sought from the shown page's last row (`afterId`), as a bare server would read it.
 */
const ROW = `json_build_object('id', c.id, 'lab', c.lab, 'sampleNumber', c.sample_number, 'crop', cr.name, 'clientName', c.client_name,
    'farmName', c.farm_name, 'blockNumber', c.block_number, 'agent', c.agent, 'agronomist', c.agronomist,
    'inserted', to_char(c.synced_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'appAdded', to_char(c.captured_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'photoPath', c.photo_path)`;

const FROM = `from captures c left join crops cr on cr.id = c.crop_id
  where c.kind = 'leaf' and c.status = 'NotCompleted' and c.refused_reason is null`;

/** each scenario's page: its condition and order (the list's default order is newest first, by id) */
const PAGES: Record<string, { where: string; order: string }> = {
  page1: { where: '', order: 'c.id desc' },
  deep: { where: 'and c.id < $1::int', order: 'c.id desc' },
  sort: { where: '', order: 'c.client_key, c.id' },
};

/** the start of the sample number, client, farm or block, in any case: one index range a key, as the app searches */
const SEARCHED = ['sample_key', 'client_key', 'farm_key', 'block_key'];
const SEARCH_IDS = SEARCHED.map((k) => `select c.id from captures c
  where c.kind = 'leaf' and c.status = 'NotCompleted' and c.refused_reason is null and c.${k} >= $1 and c.${k} < $2`).join(' union ');

export interface LeafAsk { scenario: string; size?: number; afterId?: number; search?: string }

/** One statement a page; the page size is written into it (ADR 0096), so each size is a statement prepared once. */
export function leafStatement(a: LeafAsk): { name: string; text: string; values: unknown[] } {
  const size = Math.trunc(Number(a.size ?? 50));
  if (a.scenario === 'search') {
    const from = (a.search ?? '').toLowerCase();
    const text = `select coalesce(json_agg(d.j), '[]')::text as rows from (select ${ROW} as j
      from (${SEARCH_IDS}) u join captures c on c.id = u.id left join crops cr on cr.id = c.crop_id order by c.id desc limit ${size}) d`;
    return { name: `baseline_leafs_search_${size}`, text, values: [from, prefixEnd(from) ?? '\uffff'] };
  }
  const page = PAGES[a.scenario];
  if (!page) throw new Error(`unknown scenario ${a.scenario}`);
  // json_agg takes the rows in the order the ordered subquery gives them
  const text = `select coalesce(json_agg(d.j), '[]')::text as rows from (select ${ROW} as j ${FROM} ${page.where} order by ${page.order} limit ${size}) d`;
  return { name: `baseline_leafs_${a.scenario}_${size}`, text, values: a.scenario === 'deep' ? [a.afterId] : [] };
}
