import { type Kysely, sql } from 'kysely';

/**
 * Crash reports kept when no error-reporting service is set (issue 35): one row per fingerprint (the same error
 * from the same place), counted, with when it was first and last seen and the last occurrence's details.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table error_reports (
      id serial primary key,
      fingerprint text not null unique,
      source text not null check (source in ('browser', 'server')),
      message text not null,
      stack text not null default '',
      screen text not null default '',
      app_version text not null default '',
      user_id integer references users(id) on delete set null,
      count integer not null default 1,
      first_seen timestamptz not null default now(),
      last_seen timestamptz not null default now()
    );
    create index error_reports_last_seen_idx on error_reports (last_seen desc);
  `.execute(db);
}
