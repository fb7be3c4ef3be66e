import { type Kysely, sql } from 'kysely';

/**
 * The leaf and farmers' report PDFs as records (issue 15): what was asked (the submissions and, for leaf, the
 * pages' samples), who asked and when, the job that makes it, the document it was made from (`frozen`: the
 * settings, values, norms, DRIS and texts used) and the stored PDF. A report outlives its submissions' changes:
 * it keeps no foreign key to them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table submission_reports (
      id serial primary key,
      kind text not null check (kind in ('leaf', 'soil')),
      submission_ids integer[] not null,
      sample_ids integer[] not null default '{}',
      created_by integer references users (id),
      created_at timestamptz not null default now(),
      job_id integer references background_jobs (id),
      frozen jsonb,
      file_key text,
      file_name text,
      file_size integer
    );
  `.execute(db);
}
