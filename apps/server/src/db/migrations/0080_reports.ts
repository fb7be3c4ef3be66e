import { type Kysely, sql } from 'kysely';

/** Background jobs (a small queue in PostgreSQL), stored carbohydrate reports, and MFW posting attempts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table background_jobs (
      id serial primary key,
      kind text not null,
      payload jsonb not null,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      progress integer not null default 0,
      attempts integer not null default 0,
      error text,
      created_by integer references users(id),
      created_at timestamptz not null default now(),
      started_at timestamptz,
      heartbeat_at timestamptz,
      finished_at timestamptz
    );
    create index background_jobs_queued_idx on background_jobs (id) where status = 'queued';

    create table carbohydrate_reports (
      id serial primary key,
      created_by integer references users(id),
      created_at timestamptz not null default now(),
      options jsonb not null,
      selection jsonb not null,
      frozen jsonb,
      job_id integer references background_jobs(id),
      file_key text,
      file_name text,
      file_size integer
    );

    create table mfw_postings (
      id serial primary key,
      report_request jsonb not null,
      idempotency_key text not null,
      attempt integer not null,
      status text not null check (status in ('success', 'failed')),
      http_status integer,
      response text,
      error text,
      mfw_farm_id text,
      created_by integer references users(id),
      created_at timestamptz not null default now()
    );
    create index mfw_postings_key_idx on mfw_postings (idempotency_key);
  `.execute(db);
}
