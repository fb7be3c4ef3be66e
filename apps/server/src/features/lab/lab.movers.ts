import { sql } from 'kysely';
import type { KeptReference, ReferenceMover } from '../../platform/references/movers';

/*
 * The lab's tables refer to reference items: lab job entries and the captured carbohydrate samples name an
 * agent and an agronomist by text and point at a crop, cultivar, region, growth stage and tissue by id. Their
 * moves live here, with the tables' owner; entries get a new row version (an open entry editor then gets 409,
 * not the old value).
 */

/** The reference items entries and samples point at by id, and the column of each. */
const BY_ID = { growth_stages: 'growth_stage_id', crops: 'crop_id', cultivars: 'cultivar_id', regions: 'region_id' } as const;

const agentIs = (name: string) => sql<boolean>`lower(trim(agent)) = lower(trim(${name}))`;

export const labMovers: ReferenceMover[] = [
  {
    refers: 'agents', table: 'lab_job_entries', column: 'agent', same: 'each',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('lab_job_entries').set((eb) => ({ agent: to.name, row_version: eb('row_version', '+', 1) }))
        .where(agentIs(from.name)).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'agents', table: 'carbohydrate_samples', column: 'agent', same: 'each',
    async move(tx, from, to) {
      if (!to) return [];
      const rows = await tx.updateTable('carbohydrate_samples').set({ agent: to.name }).where(agentIs(from.name)).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'agronomists', table: 'lab_job_entries', column: 'agronomist', same: 'each',
    async move(tx, from, to) {
      if (!to || to.name === from.name) return [];
      const rows = await tx.updateTable('lab_job_entries').set((eb) => ({ agronomist: to.name, row_version: eb('row_version', '+', 1) }))
        .where('agronomist', '=', from.name).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  {
    refers: 'agronomists', table: 'carbohydrate_samples', column: 'agronomist', same: 'each',
    async move(tx, from, to) {
      if (!to || to.name === from.name) return [];
      const rows = await tx.updateTable('carbohydrate_samples').set({ agronomist: to.name }).where('agronomist', '=', from.name).returning('id').execute();
      return rows.map((r) => r.id);
    },
  },
  // a crop, cultivar, region or growth stage deleted with a link or reassigned (the crop master, the growth
  // list), or merged into the target's of the same name: its entries and samples name the target
  ...(Object.entries(BY_ID) as [keyof typeof BY_ID, (typeof BY_ID)[keyof typeof BY_ID]][]).flatMap(([refers, column]): ReferenceMover[] => [
    {
      refers, table: 'lab_job_entries', column, same: 'each',
      async move(tx, from, to) {
        if (!to) return [];
        const rows = await tx.updateTable('lab_job_entries').set((eb) => ({ [column]: to.id, row_version: eb('row_version', '+', 1) }))
          .where(column, '=', from.id).returning('id').execute();
        return rows.map((r) => r.id);
      },
    },
    {
      refers, table: 'carbohydrate_samples', column, same: 'each',
      async move(tx, from, to) {
        if (!to) return [];
        const rows = await tx.updateTable('carbohydrate_samples').set({ [column]: to.id }).where(column, '=', from.id).returning('id').execute();
        return rows.map((r) => r.id);
      },
    },
  ]),
];

const KEPT_BY_ENTRY = 'an entry keeps naming the tissue it was taken for; tissues are deactivated, never reassigned';
export const labKeeps: KeptReference[] = (['lab_job_entries', 'carbohydrate_samples'] as const).map((table) => (
  { refers: 'tissues', table, column: 'tissue_id', same: 'each', reason: KEPT_BY_ENTRY }
));
