import { type Kysely, sql } from 'kysely';

/**
 * Sign-in and password-reset attempts, counted in the database so that every app server sees the same counts
 * (ADR 0005): one row per kind of attempt and key (a client address, or a hash of the account's email), holding
 * the attempts of the current window and when the window ends. Rows past their window are deleted as the app
 * goes (platform/auth/attempts.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table auth_attempts (
      kind text not null,
      key text not null,
      attempts integer not null,
      window_start timestamptz not null default now(),
      expires_at timestamptz not null,
      primary key (kind, key)
    );
    create index auth_attempts_expires_idx on auth_attempts (expires_at);
  `.execute(db);
}
