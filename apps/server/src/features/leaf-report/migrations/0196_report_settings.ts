import { type Kysely, sql } from 'kysely';

/**
 * The leaf and farmers' report settings (issue 15, spec part 2 §3 report header and sample): per submission the
 * Report Settings dialog's header as it was last saved and the samples chosen for the report (each with its
 * organ type and whether its image is left out), and per page (submission and sample) the texts typed in the
 * preview: the recommendation and 'What does your plant say?'. Both go with their submission.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_settings (
      submission_id integer primary key references submissions (id) on delete cascade,
      header jsonb not null,
      samples jsonb not null default '[]'::jsonb,
      updated_by integer references users (id),
      updated_at timestamptz not null default now(),
      row_version integer not null default 1
    );
    create table report_pages (
      submission_id integer not null references submissions (id) on delete cascade,
      sample_id integer not null references submission_samples (id) on delete cascade,
      recommendation text not null default '' check (length(recommendation) <= 4000),
      plant_say text not null default '' check (length(plant_say) <= 4000),
      updated_by integer references users (id),
      updated_at timestamptz not null default now(),
      row_version integer not null default 1,
      primary key (submission_id, sample_id)
    );
    create index report_pages_sample_idx on report_pages (sample_id);
  `.execute(db);
}
