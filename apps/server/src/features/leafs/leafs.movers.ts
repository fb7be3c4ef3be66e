import type { ReferenceMover } from '../../platform/references/movers';

/** A crop deleted with a link: the captures taken for it name the target (a new row version each). */
export const captureMovers: ReferenceMover[] = [{
  refers: 'crops', table: 'captures', column: 'crop_id', same: 'each',
  async move(tx, from, to) {
    if (!to) return [];
    const rows = await tx.updateTable('captures').set((eb) => ({ crop_id: to.id, row_version: eb('row_version', '+', 1) }))
      .where('crop_id', '=', from.id).returning('id').execute();
    return rows.map((r) => r.id);
  },
}];

