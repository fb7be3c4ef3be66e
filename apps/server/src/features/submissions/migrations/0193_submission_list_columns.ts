import { type Kysely, sql } from 'kysely';

/**
 * What the submission lists show of a submission's samples, kept on the submission (its samples do not change
 * once it is submitted): how many there are and the crops among them (ids: a renamed crop shows its new name;
 * a crop merged into another is replaced by the reference movers). A 500-sample submission no longer costs the
 * list a count and an aggregate over its samples on every page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submissions
      add column sample_count integer not null default 0,
      add column crop_ids integer[] not null default '{}';
    update submissions s set
      sample_count = (select count(*) from submission_samples x where x.submission_id = s.id),
      crop_ids = coalesce((select array_agg(distinct x.crop_id order by x.crop_id) from submission_samples x where x.submission_id = s.id and x.crop_id is not null), '{}');
  `.execute(db);
}
