/**
 * The bare baseline's statements for the /leafs Not Completed list (POST /leafs of bench/baseline-server.ts):
 * the same rows as the app's capture list (captures-list.repository.ts: the same columns, in the same order,
 * dates written as JavaScript writes them), one prepared statement a page and no count. A deep page is
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
  deep: { where: 'and c.id < $3::int', order: 'c.id desc' },
  // the start of the sample number, client, farm or block, in any case (the lower-cased keys of migration 0183)
  search: {
    where: 'and (c.sample_key like $3 or c.client_key like $3 or c.farm_key like $3 or c.block_key like $3)',
    order: 'c.id desc',
  },
  sort: { where: '', order: 'c.client_key, c.id' },
};

export interface LeafAsk { scenario: string; size?: number; afterId?: number; search?: string }

export function leafStatement(a: LeafAsk): { name: string; text: string; values: unknown[] } {
  const page = PAGES[a.scenario];
  if (!page) throw new Error(`unknown scenario ${a.scenario}`);
  // json_agg takes the rows in the order the ordered subquery gives them
  const text = `select coalesce(json_agg(d.j), '[]')::text as rows from (select ${ROW} as j ${FROM} ${page.where} order by ${page.order} limit $1 offset $2) d`;
  const values: unknown[] = [a.size ?? 50, 0];
  if (a.scenario === 'deep') values.push(a.afterId);
  if (a.scenario === 'search') values.push(`${(a.search ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { name: `baseline_leafs_${a.scenario}`, text, values };
}
