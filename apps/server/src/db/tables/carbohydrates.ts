import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string | null, string | null>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

interface Ranges {
  sugar_min: number | null;
  sugar_med: number | null;
  sugar_max: number | null;
  starch_min: number | null;
  starch_med: number | null;
  starch_max: number | null;
}

export interface CarbohydrateTables {
  crops: {
    id: Generated<number>;
    name: string;
    factor: Generated<number>;
    active: Generated<boolean>;
    archived: Generated<boolean>;
    image_path: string | null;
    image_hash: string | null;
    originate: Generated<'International' | 'Usa'>;
    demo: Generated<boolean>;
    row_version: Generated<number>;
    /** the crop master (migration 0160): alternative names and the lab crops it is known by at each lab */
    linked_names: Generated<string[]>;
    labmin_crop_id: number | null;
    wynland_crop_id: number | null;
  };
  cultivars: { id: Generated<number>; crop_id: number; name: string; archived: Generated<boolean>; row_version: Generated<number> };
  regions: { id: Generated<number>; crop_id: number; name: string; archived: Generated<boolean>; row_version: Generated<number> };
  growth_stages: Ranges & {
    id: Generated<number>;
    crop_id: number;
    sequence_number: number;
    name: string;
    linked_tissue_id: number | null;
    method: Generated<string>;
    display_on_report: Generated<boolean>;
    archived: Generated<boolean>;
  };
  region_growth_values: Ranges & { region_id: number; growth_stage_id: number; override: Generated<boolean> };
  cultivar_growth_values: Ranges & { cultivar_id: number; growth_stage_id: number; override: Generated<boolean> };
  carbohydrate_samples: {
    id: Generated<number>;
    sample_number: string;
    entity: Generated<string>;
    agent: Generated<string>;
    agronomist: Generated<string>;
    farm_name: Generated<string>;
    field_block_number: Generated<string>;
    sample_date: Timestamp | null;
    tissue_id: number | null;
    crop_id: number | null;
    cultivar_id: number | null;
    region_id: number | null;
    growth_stage_id: number | null;
    original: Json;
    mapped: Json;
    demo: Generated<boolean>;
    created_at: Generated<Date>;
  };
  lab_jobs: {
    id: Generated<number>;
    received_on: string;
    created_at: Generated<Date>;
    created_by: number | null;
    downloaded_at: Timestamp | null;
    row_version: Generated<number>;
    demo: Generated<boolean>;
  };
  location_groups: { id: Generated<number>; created_at: Generated<Date>; created_by: number | null };
  lab_job_entries: {
    id: Generated<number>;
    lab_job_id: number;
    position: Generated<number>;
    sample_number: string;
    entity: string;
    agent: string;
    agronomist: string;
    farm_name: string;
    field_block_number: string;
    sample_date: Timestamp;
    tissue_id: number;
    crop_id: number;
    cultivar_id: number | null;
    region_id: number | null;
    growth_stage_id: number;
    carbohydrate_sample_id: number | null;
    location_group_id: number | null;
    sugar: number | null;
    starch: number | null;
    na: Generated<boolean>;
    result_on: Timestamp | null;
    result_by: number | null;
    archived: Generated<boolean>;
    row_version: Generated<number>;
    created_at: Generated<Date>;
    /** generated (migration 0070): the entry's location group key, see ADR 0070 */
    location_key: ColumnType<string, never, never>;
    /** generated (migration 0110): the text filters' keys, lower-cased in the "C" collation */
    sample_key: ColumnType<string, never, never>;
    entity_key: ColumnType<string, never, never>;
    farm_key: ColumnType<string, never, never>;
    block_key: ColumnType<string, never, never>;
  };
}
