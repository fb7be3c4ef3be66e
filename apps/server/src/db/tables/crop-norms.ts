import type { ColumnType, Generated } from 'kysely';
import type { CropDrisGraph, DrisNormUnit, GraphSets } from '@sapwood/contracts';

type Json<T> = ColumnType<T, string, string>;

/** Leaf norms of the crop master (migration 0160). */
export interface CropNormTables {
  /** the graph sets of a crop (cultivar and stage null), a cultivar or a growth stage, with provenance */
  leaf_norms: {
    id: Generated<number>;
    crop_id: number;
    cultivar_id: number | null;
    growth_stage_id: number | null;
    graphs: Json<GraphSets>;
    source: string;
    method: string;
    tissue: string;
    demo: Generated<boolean>;
    row_version: Generated<number>;
    updated_at: Generated<Date>;
  };
  /** a crop's DRIS norms for one formula graph: rows of expression, mean, cv, in the units stated (migration 0206) */
  crop_dris_graphs: {
    id: Generated<number>;
    crop_id: number;
    graph_name: string;
    selected: boolean;
    rows: Json<CropDrisGraph['rows']>;
    position: number;
    macro_unit: Generated<DrisNormUnit>;
    micro_unit: Generated<DrisNormUnit>;
  };
}
