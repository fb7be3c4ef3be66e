import type { Db } from '../../db/database';

/** The tissue's own SQL beyond the reference-list block's: which current growth stages sample a tissue. */
export async function stagesUsing(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('growth_stages as g')
    .innerJoin('crops as c', 'c.id', 'g.crop_id')
    .select(['c.name as crop', 'g.name as stage'])
    .where('g.linked_tissue_id', '=', id)
    .where('g.archived', '=', false)
    .where('c.archived', '=', false)
    .orderBy('c.name')
    .orderBy('g.sequence_number')
    .execute();
  return rows.map((r) => `${r.crop}: ${r.stage}`);
}
