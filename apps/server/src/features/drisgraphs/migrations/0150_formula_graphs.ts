import { type Kysely, sql } from 'kysely';

/**
 * Formula graphs (/drisgraphs): a name (unique whatever its letter case), the alternate-function flag and
 * the formula as JSON (relationships and values, checked by the contract before it is stored). `demo`
 * marks the graphs the demo data ships.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table formula_graphs (
      id serial primary key,
      name text not null,
      alternate_function boolean not null default false,
      formula jsonb not null default '{"relationships": [], "values": []}',
      demo boolean not null default false,
      row_version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index formula_graphs_name_idx on formula_graphs (lower(name));
  `.execute(db);
}
