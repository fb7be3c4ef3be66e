import { type Kysely, sql } from 'kysely';

/**
 * Submissions of leaf and soil samples to a lab (issue 13, spec part 2 §3): the draft's header, its groups
 * of sample rows (a row marked deleted is kept out), and every change of state as its history (who, when,
 * from, to, why). The Waiting for Lab list pages on keys like the capture lists (client and farm searched by
 * prefix). `reference` is the app's own reference of the lab order (one per submission), so that an
 * outside lab answers a send repeated after a time-out with the order it already made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table submissions (
      id serial primary key,
      kind text not null check (kind in ('leaf', 'soil')),
      lab text not null check (lab in ('Manual', 'Nvirotek', 'Wynland', 'ManualFarmer', 'NvirotekFarmer')),
      state text not null default 'Waiting' check (state in ('Waiting', 'Results', 'Completed', 'Archived')),
      client_name text not null,
      farm_name text not null,
      agent_id integer not null references agents (id),
      depot_id integer not null references depots (id),
      agronomist_id integer not null references agronomists (id),
      language_id integer references languages (id),
      date_sent date,
      date_sampled date,
      area text not null default '',
      sent_by text not null default '',
      waybill text not null default '',
      reference text not null unique,
      submission_work_order text,
      lab_job_id text,
      lab_work_order text,
      error text,
      refused boolean not null default false,
      prepared_by integer references users (id),
      submitted_at timestamptz not null default now(),
      completed_at timestamptz,
      demo boolean not null default false,
      row_version integer not null default 1,
      client_key text collate "C" generated always as (lower(client_name)) stored,
      farm_key text collate "C" generated always as (lower(farm_name)) stored
    );
    create index submissions_state_idx on submissions (kind, state, id);
    create index submissions_submitted_idx on submissions (kind, state, submitted_at, id);
    create index submissions_client_idx on submissions (kind, state, client_key, id);
    create index submissions_farm_idx on submissions (kind, state, farm_key, id);
    create table submission_samples (
      id serial primary key,
      submission_id integer not null references submissions (id) on delete cascade,
      group_no integer not null,
      position integer not null,
      capture_id integer references captures (id),
      sample_number text not null,
      block_number text not null,
      crop_id integer references crops (id),
      cultivar_ids integer[] not null default '{}',
      growth_stage text not null default '',
      organ_type text not null default 'Normal',
      test text not null,
      optional_tests text[] not null default '{}',
      notes text not null default '',
      unique (submission_id, group_no, position)
    );
    create index submission_samples_crop_idx on submission_samples (crop_id) where crop_id is not null;
    create table submission_events (
      id serial primary key,
      submission_id integer not null references submissions (id) on delete cascade,
      at timestamptz not null default now(),
      user_id integer references users (id),
      from_state text,
      to_state text not null,
      reason text not null default ''
    );
    create index submission_events_idx on submission_events (submission_id, id);
    alter table captures add constraint captures_submission_fk foreign key (submission_id) references submissions (id);
    alter table capture_results add constraint capture_results_submission_fk foreign key (submission_id) references submissions (id);
  `.execute(db);
}
