import { type Kysely, sql } from 'kysely';

/**
 * The units a crop's DRIS norms were published in (issue 31): of the elements the lab reports in % (`macro_unit`)
 * and in mg/kg (`micro_unit`), one of %, g/kg and mg/kg. The norms stored so far were entered against the lab's
 * own values, so they get the lab's units (% and mg/kg), which the Crop Data dialog now shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table crop_dris_graphs
      add column macro_unit text not null default '%' check (macro_unit in ('%', 'g/kg', 'mg/kg')),
      add column micro_unit text not null default 'mg/kg' check (micro_unit in ('%', 'g/kg', 'mg/kg'))
  `.execute(db);
}
