import { type Kysely, sql } from 'kysely';

/**
 * Carbohydrate lab (issue 4): tissues, crops with cultivars, regions and ordered growth stages with
 * sugar and starch ranges (min, med, max) and their overrides, captured samples, lab jobs and their
 * entries with results.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tissues (
      id serial primary key,
      name text not null,
      active boolean not null default true,
      archived boolean not null default false
    );

    create table crops (
      id serial primary key,
      name text not null,
      factor double precision not null default 1,
      active boolean not null default true,
      archived boolean not null default false,
      image_path text,
      image_hash text,
      originate text not null default 'International' check (originate in ('International', 'Usa')),
      demo boolean not null default false
    );
    create table cultivars (
      id serial primary key,
      crop_id integer not null references crops(id),
      name text not null,
      archived boolean not null default false
    );
    create index cultivars_crop_idx on cultivars (crop_id);
    create table regions (
      id serial primary key,
      crop_id integer not null references crops(id),
      name text not null,
      archived boolean not null default false
    );
    create index regions_crop_idx on regions (crop_id);

    -- A range belongs to a method and a tissue (domain notes): both are kept with the stage.
    create table growth_stages (
      id serial primary key,
      crop_id integer not null references crops(id),
      sequence_number integer not null,
      name text not null,
      linked_tissue_id integer references tissues(id),
      method text not null default '',
      sugar_min double precision, sugar_med double precision, sugar_max double precision,
      starch_min double precision, starch_med double precision, starch_max double precision,
      display_on_report boolean not null default true,
      archived boolean not null default false
    );
    create index growth_stages_crop_idx on growth_stages (crop_id, sequence_number);

    create table region_growth_values (
      region_id integer not null references regions(id) on delete cascade,
      growth_stage_id integer not null references growth_stages(id) on delete cascade,
      override boolean not null default false,
      sugar_min double precision, sugar_med double precision, sugar_max double precision,
      starch_min double precision, starch_med double precision, starch_max double precision,
      primary key (region_id, growth_stage_id)
    );
    create table cultivar_growth_values (
      cultivar_id integer not null references cultivars(id) on delete cascade,
      growth_stage_id integer not null references growth_stages(id) on delete cascade,
      override boolean not null default false,
      sugar_min double precision, sugar_med double precision, sugar_max double precision,
      starch_min double precision, starch_med double precision, starch_max double precision,
      primary key (cultivar_id, growth_stage_id)
    );

    -- Samples captured in the field (capture app); lab job entries match them by sample number.
    create table carbohydrate_samples (
      id serial primary key,
      sample_number text not null,
      entity text not null default '',
      agent text not null default '',
      agronomist text not null default '',
      farm_name text not null default '',
      field_block_number text not null default '',
      sample_date timestamptz,
      tissue_id integer references tissues(id),
      crop_id integer references crops(id),
      cultivar_id integer references cultivars(id),
      region_id integer references regions(id),
      growth_stage_id integer references growth_stages(id),
      original jsonb,
      mapped jsonb,
      demo boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index carbohydrate_samples_number_idx on carbohydrate_samples (lower(sample_number));

    create table lab_jobs (
      id serial primary key,
      received_on date not null,
      created_at timestamptz not null default now(),
      created_by integer references users(id),
      downloaded_at timestamptz,
      row_version integer not null default 1,
      demo boolean not null default false
    );

    -- A location group merges entries into one report page (ADR: location groups).
    create table location_groups (
      id serial primary key,
      created_at timestamptz not null default now(),
      created_by integer references users(id)
    );

    create table lab_job_entries (
      id serial primary key,
      lab_job_id integer not null references lab_jobs(id),
      position integer not null default 0,
      sample_number text not null,
      entity text not null,
      agent text not null,
      agronomist text not null,
      farm_name text not null,
      field_block_number text not null,
      sample_date timestamptz not null,
      tissue_id integer not null references tissues(id),
      crop_id integer not null references crops(id),
      cultivar_id integer references cultivars(id),
      region_id integer references regions(id),
      growth_stage_id integer not null references growth_stages(id),
      carbohydrate_sample_id integer references carbohydrate_samples(id),
      location_group_id integer references location_groups(id),
      sugar double precision,
      starch double precision,
      na boolean not null default false,
      result_on timestamptz,
      result_by integer references users(id),
      archived boolean not null default false,
      row_version integer not null default 1,
      created_at timestamptz not null default now()
    );
    create index lab_job_entries_job_idx on lab_job_entries (lab_job_id);
    create index lab_job_entries_number_idx on lab_job_entries (lower(sample_number));
  `.execute(db);
}
