import { type Kysely, sql } from 'kysely';

/**
 * Quality control of the carbohydrate runs (issue 37, ADR 0145): control materials (a lot of one analyte with
 * its assigned mean and SD), the control rows of each lab job with their results judged by the Westgard rules,
 * and the lab's one QC setting. A job is held while one of its controls is rejected and not released.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table qc_control_lots (
      id serial primary key,
      name text not null,
      lot text not null,
      analyte text not null check (analyte in ('sugar', 'starch')),
      mean double precision not null,
      sd double precision not null check (sd > 0),
      valid_from date not null,
      valid_to date,
      active boolean not null default true,
      row_version integer not null default 1,
      created_at timestamptz not null default now(),
      demo boolean not null default false,
      check (valid_to is null or valid_to >= valid_from)
    );
    create unique index qc_control_lots_lot_uq on qc_control_lots (lower(lot), analyte);

    create table qc_job_controls (
      id serial primary key,
      lab_job_id integer not null references lab_jobs (id) on delete cascade,
      control_lot_id integer not null references qc_control_lots (id),
      position integer not null,
      value double precision,
      result_on timestamptz,
      result_by integer references users (id),
      z double precision,
      violations jsonb not null default '[]',
      outcome text check (outcome in ('pass', 'warning', 'reject')),
      released_at timestamptz,
      released_by integer references users (id),
      release_reason text,
      row_version integer not null default 1,
      created_at timestamptz not null default now()
    );
    create index qc_job_controls_job_idx on qc_job_controls (lab_job_id, position);
    create index qc_job_controls_lot_idx on qc_job_controls (control_lot_id, result_on, id) where value is not null;
    create index qc_job_controls_held_idx on qc_job_controls (lab_job_id) where outcome = 'reject' and released_at is null;

    create table qc_settings (
      id integer primary key check (id = 1),
      controls_optional boolean not null,
      row_version integer not null default 1
    );
    -- existing labs keep completing jobs as before until they require controls (ADR 0145)
    insert into qc_settings (id, controls_optional) values (1, true);
  `.execute(db);
}
