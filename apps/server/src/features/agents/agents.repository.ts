import { sql } from 'kysely';
import type { ReferenceListPick } from '@sapwood/contracts';
import type { Db } from '../../db/database';

/**
 * Every place that names an agent: the `agent` text of lab job entries and of captured carbohydrate
 * samples. Moves the archived agent's references (same name, ignoring case and surrounding spaces) to
 * the replacement; lab job entries get a new row version so that an open editor cannot overwrite it.
 * Submissions (part 2) will refer to agents by id: move their agent_id here too when they exist.
 */
export async function moveAgentReferences(trx: Db, from: ReferenceListPick, to: ReferenceListPick): Promise<Record<string, number[]>> {
  const same = sql<boolean>`lower(trim(agent)) = lower(trim(${from.name}))`;
  const entries = await trx.updateTable('lab_job_entries')
    .set((eb) => ({ agent: to.name, row_version: eb('row_version', '+', 1) }))
    .where(same).returning('id').execute();
  const samples = await trx.updateTable('carbohydrate_samples').set({ agent: to.name }).where(same).returning('id').execute();
  return { lab_job_entries: entries.map((r) => r.id), carbohydrate_samples: samples.map((r) => r.id) };
}
