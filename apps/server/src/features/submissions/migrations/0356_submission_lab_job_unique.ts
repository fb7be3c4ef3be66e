import { type Kysely, sql } from 'kysely';

/**
 * One submission per lab job at each outside lab (ADR 0254), as 0351 keeps one per work order: the send and Manual
 * Link check both under transaction locks on the lab's job and work order (`holderOfLabJob`, `holderOfWorkOrder`).
 * Nvirotek's leaf and farmers' submissions share Nvirotek's job numbers. A database that somehow holds a lab job
 * twice is not changed: the migration stops, naming each job and its submissions (which one the lab's job is for
 * is for a person to say), and the server does not start until the others' job is cleared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ lab: string; labJob: string; ids: number[] }>`
    select case when lab = 'NvirotekFarmer' then 'Nvirotek' else lab end as lab, lab_job_id as "labJob", array_agg(id order by id) as ids
    from submissions
    where lab_job_id is not null and lab in ('Nvirotek', 'NvirotekFarmer', 'Wynland')
    group by 1, 2 having count(*) > 1 order by 1, 2`.execute(db);
  if (rows.length) {
    const held = rows.map((r) => `${r.lab} lab job ${r.labJob}: submissions ${r.ids.join(', ')}`).join('; ');
    throw new Error(`These submissions hold the same lab job at their lab, so both stand for the same samples at the lab: ${held}. Keep the lab job on the one submission it is for, clear lab_job_id and submission_work_order on the others (they can then be linked or sent again), and start again (ADR 0254)`);
  }
  await sql`
    create unique index submissions_outside_lab_job_idx
      on submissions ((case when lab = 'NvirotekFarmer' then 'Nvirotek' else lab end), lab_job_id)
      where lab_job_id is not null and lab in ('Nvirotek', 'NvirotekFarmer', 'Wynland');
  `.execute(db);
}
