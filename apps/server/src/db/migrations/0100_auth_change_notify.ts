import { type Kysely, sql } from 'kysely';

/**
 * Every server process keeps the sessions it resolved for a few seconds (ADR 0009). A change to what
 * a session may do — users, roles, an ended session — is announced on the 'auth_changed' channel when
 * it commits, and every process forgets its sessions. Row triggers, so that a statement that changes
 * nothing (signing in clears a failure count that is usually 0) says nothing; PostgreSQL folds the equal
 * notices of one transaction into one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_auth_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('auth_changed', tg_table_name);
      return null;
    end $$;
    create trigger users_auth_changed after update or delete on users
      for each row execute function notify_auth_changed();
    create trigger roles_auth_changed after update or delete on roles
      for each row execute function notify_auth_changed();
    create trigger sessions_auth_changed after delete on sessions
      for each row execute function notify_auth_changed();
    create trigger users_auth_truncated after truncate on users
      for each statement execute function notify_auth_changed();
    create trigger sessions_auth_truncated after truncate on sessions
      for each statement execute function notify_auth_changed();
  `.execute(db);
}
