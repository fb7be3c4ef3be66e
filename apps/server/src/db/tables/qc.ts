import type { ColumnType, Generated } from 'kysely';

/** Quality control of the carbohydrate runs (migration 0270, ADR 0145). */
export interface QcTables {
  qc_control_lots: {
    id: Generated<number>;
    name: string;
    lot: string;
    analyte: 'sugar' | 'starch';
    mean: number;
    sd: number;
    valid_from: ColumnType<string, string, string>;
    valid_to: ColumnType<string | null, string | null, string | null>;
    active: Generated<boolean>;
    row_version: Generated<number>;
    created_at: Generated<Date>;
    demo: Generated<boolean>;
  };
  qc_job_controls: {
    id: Generated<number>;
    lab_job_id: number;
    control_lot_id: number;
    position: number;
    value: number | null;
    result_on: Date | null;
    result_by: number | null;
    z: number | null;
    /** the Westgard rules the result violated when it was saved: [{ rule, severity, meaning }] */
    violations: ColumnType<unknown, string | undefined, string>;
    outcome: 'pass' | 'warning' | 'reject' | null;
    released_at: Date | null;
    released_by: number | null;
    release_reason: string | null;
    row_version: Generated<number>;
    created_at: Generated<Date>;
  };
  qc_settings: { id: number; controls_optional: boolean; row_version: Generated<number>; controls_required_from_job: Generated<number> };
}
