import { type Kysely, sql } from 'kysely';

/**
 * One submission per work order at each outside lab (ADR 0248): the database keeps what the send and Manual Link
 * already check under a lock on the lab's work order (`holderOfWorkOrder`, ADR 0245, 0247). Nvirotek's leaf and
 * farmers' submissions share Nvirotek's numbers. A database that somehow holds a work order twice is not changed:
 * the migration stops, naming each work order and its submissions (which one the lab's order is for is for a person
 * to say), and the server does not start until the others' work order is cleared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ lab: string; workOrder: string; ids: number[] }>`
    select case when lab = 'NvirotekFarmer' then 'Nvirotek' else lab end as lab, submission_work_order as "workOrder",
      array_agg(id order by id) as ids
    from submissions
    where submission_work_order is not null and lab in ('Nvirotek', 'NvirotekFarmer', 'Wynland')
    group by 1, 2 having count(*) > 1 order by 1, 2`.execute(db);
  if (rows.length) {
    const held = rows.map((r) => `${r.lab} work order ${r.workOrder}: submissions ${r.ids.join(', ')}`).join('; ');
    throw new Error(`These submissions hold the same work order at their lab, so each reads the other's results: ${held}. Keep the work order on the one submission the lab's order is for, clear submission_work_order and lab_job_id on the others (they can then be linked or sent again), and start again (ADR 0248)`);
  }
  await sql`
    create unique index submissions_outside_work_order_idx
      on submissions ((case when lab = 'NvirotekFarmer' then 'Nvirotek' else lab end), submission_work_order)
      where submission_work_order is not null and lab in ('Nvirotek', 'NvirotekFarmer', 'Wynland');
  `.execute(db);
}
