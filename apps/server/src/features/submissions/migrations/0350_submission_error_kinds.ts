import { type Kysely, sql } from 'kysely';

/**
 * What wrote a submission's error (ADR 0248): its send failed (`send_failed`), its lab refused the order
 * (`refused`), the lab answered a work order another submission holds (`work_order_held`), or the lab now gives
 * the submission's work order to another lab job (`work_order_reissued`, ADR 0245). The poll clears on its own
 * only the last. Errors kept before are given the kind their writer gave them: on a row holding its work order only
 * the reissue check wrote one (ADR 0245); a refusal naming a held work order is `work_order_held`; any other
 * refusal `refused`, the rest a failed send. An error has a kind, and no error none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submissions add column error_kind text;
    update submissions set error_kind = case
        when submission_work_order is not null then 'work_order_reissued'
        when refused and error like '%, which submission % already holds: not taken,%' then 'work_order_held'
        when refused then 'refused'
        else 'send_failed'
      end
      where error is not null;
    alter table submissions
      add constraint submissions_error_kind_check check (error_kind in ('send_failed', 'refused', 'work_order_held', 'work_order_reissued')),
      add constraint submissions_error_kind_set_check check ((error is null) = (error_kind is null));
  `.execute(db);
}
