import { type Kysely, sql } from 'kysely';

/**
 * Every attempt to post a submission to the farm-management system (issue 15, spec part 2 §4 and §7
 * posttomfw): the submission, the attempt's number (counted over all posts of the submission), whether MFW took
 * it, its HTTP status and answer (or why it could not be reached), the idempotency key sent (the submission and
 * a hash of what was posted: a repost of unchanged results is the same key), who posted it and when. A
 * submission that goes takes its log along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table submission_posts (
      id serial primary key,
      submission_id integer not null references submissions (id) on delete cascade,
      attempt integer not null check (attempt >= 1),
      status text not null check (status in ('success', 'failed')),
      http_status integer,
      response text,
      error text,
      idempotency_key text not null,
      user_id integer references users (id),
      at timestamptz not null default now()
    );
    create index submission_posts_submission_idx on submission_posts (submission_id, id);
  `.execute(db);
}
