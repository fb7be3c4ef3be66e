import { type Kysely, sql } from 'kysely';

/**
 * Samples an outside lab returned for a submission that match none of its rows (issue 31, ADR 0097): kept, never
 * dropped, and shown on the submission (Lab Result, the tab's row) and in Report Settings' "Lab sample numbers
 * not in the report". One row per sample number and lab number the lab returned: its values as last returned,
 * why it matched no row, when it first came and when it last changed. A returned sample that later matches a
 * row (the lab corrected its number; matched by its lab number) leaves the list. Goes with its submission.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table submission_unmatched (
      id serial primary key,
      submission_id integer not null references submissions (id) on delete cascade,
      lab text not null check (lab in ('Nvirotek', 'Wynland')),
      sample_number text not null,
      lab_number text not null default '',
      na boolean not null default false,
      values jsonb not null default '{}'::jsonb,
      reason text not null,
      first_received_at timestamptz not null default now(),
      received_at timestamptz not null default now(),
      unique (submission_id, sample_number, lab_number)
    );
  `.execute(db);
}
