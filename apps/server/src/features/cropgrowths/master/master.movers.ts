import { sql } from 'kysely';
import type { ReferenceMover } from '../../../platform/references/movers';

/*
 * A crop deleted with a link to another (the crop master's delete): its cultivars, regions and growth stages
 * become the target's (stages after the target's own, in their order), with the cultivar and stage norms
 * that belong to them. The crop's own norms and DRIS norms stay with the archived crop (the target keeps
 * its own). A cultivar deleted with a link: nothing of the crop growth tables moves (its override values
 * and norms stay with it); the lab's entries move through the lab's movers.
 */
export const cropMasterMovers: ReferenceMover[] = [
  ...(['cultivars', 'regions'] as const).map((table): ReferenceMover => ({
    refers: 'crops', table, column: 'crop_id',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable(table).set((eb) => ({ crop_id: to.id, row_version: eb('row_version', '+', 1) }))
        .where('crop_id', '=', from.id).returning('id').execute();
      return rows.map((r) => r.id);
    },
  })),
  {
    refers: 'crops', table: 'growth_stages', column: 'crop_id',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('growth_stages')
        .set({ crop_id: to.id, sequence_number: sql`sequence_number + (select coalesce(max(g.sequence_number), 0) from growth_stages g where g.crop_id = ${to.id} and not g.archived)` })
        .where('crop_id', '=', from.id).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'crops', table: 'leaf_norms', column: 'crop_id',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('leaf_norms').set((eb) => ({ crop_id: to.id, row_version: eb('row_version', '+', 1) }))
        .where('crop_id', '=', from.id).where((eb) => eb.or([eb('cultivar_id', 'is not', null), eb('growth_stage_id', 'is not', null)])).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
];
