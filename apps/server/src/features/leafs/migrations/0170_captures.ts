import { type Kysely, sql } from 'kysely';

/**
 * Leaf and soil captures pulled from the field capture app: the original as it came and the mapped record
 * side by side; a capture that cannot be mapped is kept with its reason. (kind, capture_key) is the
 * service's own id: a capture is never imported twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table captures (
      id serial primary key,
      kind text not null check (kind in ('leaf', 'soil')),
      capture_key text not null,
      source_updated_at text not null default '',
      original jsonb not null,
      mapped jsonb,
      refused_reason text,
      status text not null default 'NotCompleted' check (status in ('NotCompleted', 'Completed', 'Archived')),
      lab text not null default '',
      sample_number text not null default '',
      crop_id integer references crops (id),
      client_name text not null default '',
      farm_name text not null default '',
      block_number text not null default '',
      agent text not null default '',
      agronomist text not null default '',
      captured_at timestamptz,
      synced_at timestamptz not null default now(),
      row_version integer not null default 1,
      unique (kind, capture_key)
    );
    create index captures_list_idx on captures (kind, status, synced_at desc, id desc) where refused_reason is null;
  `.execute(db);
}
