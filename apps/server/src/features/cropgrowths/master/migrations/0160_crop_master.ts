import { type Kysely, sql } from 'kysely';

/**
 * The crop master: a crop's alternative names and its lab crops (one per outside lab); leaf norms (graph
 * sets with provenance) per crop, cultivar or growth stage, one set per owner; a crop's DRIS norms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table crops
      add column linked_names text[] not null default '{}',
      add column labmin_crop_id integer references lab_crops (id) on delete set null,
      add column wynland_crop_id integer references lab_crops (id) on delete set null;
    create table leaf_norms (
      id serial primary key,
      crop_id integer not null references crops (id),
      cultivar_id integer references cultivars (id),
      growth_stage_id integer references growth_stages (id),
      graphs jsonb not null,
      source text not null default 'lab',
      method text not null default '',
      tissue text not null default '',
      demo boolean not null default false,
      row_version integer not null default 1,
      updated_at timestamptz not null default now(),
      check (cultivar_id is null or growth_stage_id is null)
    );
    create unique index leaf_norms_owner_idx on leaf_norms (crop_id, coalesce(cultivar_id, 0), coalesce(growth_stage_id, 0));
    create table crop_dris_graphs (
      id serial primary key,
      crop_id integer not null references crops (id),
      graph_name text not null,
      selected boolean not null default false,
      rows jsonb not null default '[]',
      position integer not null default 0
    );
    create index crop_dris_graphs_crop_idx on crop_dris_graphs (crop_id, position);
  `.execute(db);
}
