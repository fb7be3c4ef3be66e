import { sql } from 'kysely';
import type { KeptReference, ReferenceMover } from '../../platform/references/movers';

/*
 * The lab's tables refer to reference items: lab job entries and the captured carbohydrate samples name an
 * agent and an agronomist by text and point at a growth stage by id. Their moves live here, with the
 * tables' owner; entries get a new row version (an open entry editor then gets 409, not the old value).
 */

const agentIs = (name: string) => sql<boolean>`lower(trim(agent)) = lower(trim(${name}))`;

export const labMovers: ReferenceMover[] = [
  {
    refers: 'agents', table: 'lab_job_entries', column: 'agent',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('lab_job_entries').set((eb) => ({ agent: to.name, row_version: eb('row_version', '+', 1) }))
        .where(agentIs(from.name)).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'agents', table: 'carbohydrate_samples', column: 'agent',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('carbohydrate_samples').set({ agent: to.name }).where(agentIs(from.name)).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'agronomists', table: 'lab_job_entries', column: 'agronomist',
    async move(tx, from, to) {
      if (!to || to.name === from.name) return [];
      const rows = await tx.updateTable('lab_job_entries').set((eb) => ({ agronomist: to.name, row_version: eb('row_version', '+', 1) }))
        .where('agronomist', '=', from.name).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'agronomists', table: 'carbohydrate_samples', column: 'agronomist',
    async move(tx, from, to) {
      if (!to || to.name === from.name) return [];
      const rows = await tx.updateTable('carbohydrate_samples').set({ agronomist: to.name }).where('agronomist', '=', from.name).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'growth_stages', table: 'lab_job_entries', column: 'growth_stage_id',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('lab_job_entries').set((eb) => ({ growth_stage_id: to.id, row_version: eb('row_version', '+', 1) }))
        .where('growth_stage_id', '=', from.id).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'growth_stages', table: 'carbohydrate_samples', column: 'growth_stage_id',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('carbohydrate_samples').set({ growth_stage_id: to.id }).where('growth_stage_id', '=', from.id).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  // a crop or a cultivar deleted with a link (the crop master): its entries and samples name the target
  ...(['crops', 'cultivars'] as const).flatMap((refers): ReferenceMover[] => {
    const column = refers === 'crops' ? 'crop_id' : 'cultivar_id';
    return [
      {
        refers, table: 'lab_job_entries', column,
        async move(tx, from, to) {
          if (!to) return [];
          const rows = await tx.updateTable('lab_job_entries').set((eb) => ({ [column]: to.id, row_version: eb('row_version', '+', 1) }))
            .where(column, '=', from.id).returning('id').execute();
          return rows.map((r) => r.id);
        },
      },
      {
        refers, table: 'carbohydrate_samples', column,
        async move(tx, from, to) {
          if (!to) return [];
          const rows = await tx.updateTable('carbohydrate_samples').set({ [column]: to.id }).where(column, '=', from.id).returning('id').execute();
          return rows.map((r) => r.id);
        },
      },
    ];
  }),
];

const KEPT_BY_ENTRY = 'an entry keeps naming the region and tissue it was taken for; these are archived or deactivated, never reassigned';
export const labKeeps: KeptReference[] = (['lab_job_entries', 'carbohydrate_samples'] as const).flatMap((table) => [
  { refers: 'regions', table, column: 'region_id', reason: KEPT_BY_ENTRY },
  { refers: 'tissues', table, column: 'tissue_id', reason: KEPT_BY_ENTRY },
]);
