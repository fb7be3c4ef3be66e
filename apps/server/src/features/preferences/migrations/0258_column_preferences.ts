import { type Kysely, sql } from 'kysely';

/**
 * The columns each user hid in a list with many columns (the column chooser, ADR 0135): one row per user and
 * list, versioned, gone with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table column_preferences (
      user_id integer not null references users (id) on delete cascade,
      table_key text not null,
      hidden jsonb not null default '[]',
      row_version integer not null default 1,
      updated_at timestamptz not null default now(),
      primary key (user_id, table_key)
    );
  `.execute(db);
}
