import { type Kysely, sql } from 'kysely';

/**
 * A capture's lab results (issue 12): one row per capture, written only through recordCaptureResults (the
 * manual entry of a submission, an outside lab's results). `values`: value code → number, only the ones
 * measured (see @sapwood/contracts LEAF_RESULT_VALUES, FARMERS_RESULT_VALUES); `na` the sample marked N/A.
 * A merged crop moves its captures and their results with them (the row follows its capture); a capture that
 * goes takes its results along. `submission_id` gets its foreign key once submissions exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table capture_results (
      capture_id integer primary key references captures (id) on delete cascade,
      lab_name text not null default '',
      lab_number text not null default '',
      na boolean not null default false,
      values jsonb not null default '{}'::jsonb,
      source text not null check (source in ('Manual', 'Nvirotek', 'Wynland')),
      submission_id integer,
      demo boolean not null default false,
      received_at timestamptz not null default now(),
      updated_by integer references users (id),
      row_version integer not null default 1
    );
  `.execute(db);
}
