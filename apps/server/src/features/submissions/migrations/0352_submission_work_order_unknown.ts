import { type Kysely, sql } from 'kysely';

/**
 * A fifth kind of submission error (ADR 0248, addendum): `work_order_unknown`, the submission's lab answers that it
 * does not know its work order (404: cancelled, deleted, its order book lost). Written and cleared by the poll, as a
 * reissue's (`work_order_reissued`) is. The kinds' check is dropped and made again with it; no row changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submissions
      drop constraint submissions_error_kind_check,
      add constraint submissions_error_kind_check
        check (error_kind in ('send_failed', 'refused', 'work_order_held', 'work_order_reissued', 'work_order_unknown'));
  `.execute(db);
}
