import { type Kysely, sql } from 'kysely';

/**
 * The outside labs' crop lists (/labmins): one row per crop of a lab, known by the lab's own id, so that a
 * sync updates a renamed crop in place (the crop master's links to it stay) and never adds it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lab_crops (
      id serial primary key,
      provider text not null check (provider in ('Nvirotek', 'Wynland')),
      external_id text not null,
      name text not null,
      short_code text not null default '',
      lab text not null default '',
      row_version integer not null default 1,
      synced_at timestamptz not null default now(),
      unique (provider, external_id)
    );
    create index lab_crops_provider_name_idx on lab_crops (provider, lower(name));
  `.execute(db);
}
