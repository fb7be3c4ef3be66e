import { sql } from 'kysely';
import type { KeptReference, ReferenceMover } from '../../platform/references/movers';

type HeaderColumn = 'agent_id' | 'depot_id' | 'agronomist_id';

/** An agent, depot or agronomist archived with a replacement: the submissions that name it name the replacement. */
const header = (refers: 'agents' | 'depots' | 'agronomists', column: HeaderColumn): ReferenceMover => ({
  refers, table: 'submissions', column, same: 'each',
  async move(tx, from, to) {
    if (!to) return [];
    const rows = await tx.updateTable('submissions').set({ [column]: to.id, row_version: sql`row_version + 1` })
      .where(column, '=', from.id).returning('id').execute();
    return rows.map((r) => r.id);
  },
});

/**
 * The submissions' references to reference items: the header's agent, depot and agronomist, a sample's crop
 * (a crop deleted with a link) and its cultivars (an id array without a foreign key: replaced in place).
 */
export const submissionMovers: ReferenceMover[] = [
  header('agents', 'agent_id'),
  header('depots', 'depot_id'),
  header('agronomists', 'agronomist_id'),
  {
    refers: 'crops', table: 'submission_samples', column: 'crop_id', same: 'each',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('submission_samples').set({ crop_id: to.id }).where('crop_id', '=', from.id).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    // the crops a submission lists (kept on it, migration 0193): the merged crop's id replaced, once
    refers: 'crops', table: 'submissions', column: 'crop_ids', same: 'set',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('submissions')
        .set({ crop_ids: sql<number[]>`array(select distinct c from unnest(array_replace(crop_ids, ${from.id}::int, ${to.id}::int)) c order by c)` })
        .where(sql<boolean>`${from.id}::int = any(crop_ids)`).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'cultivars', table: 'submission_samples', column: 'cultivar_ids', same: 'set',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('submission_samples')
        .set({ cultivar_ids: sql<number[]>`array(select distinct unnest(array_replace(cultivar_ids, ${from.id}::int, ${to.id}::int)))` })
        .where(sql<boolean>`${from.id}::int = any(cultivar_ids)`).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
];

export const submissionKeeps: KeptReference[] = [
  { refers: 'languages', table: 'submissions', column: 'language_id', same: 'each', reason: 'the language a submission was prepared in; languages are renamed, never deleted' },
];
