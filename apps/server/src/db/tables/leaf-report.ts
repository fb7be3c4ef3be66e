import type { ColumnType, Generated } from 'kysely';

/** The leaf and farmers' report settings and the preview's page texts (migrations 0196 and 0197, feature leaf-report), and the report PDFs kept as records. */
export interface ReportSettingsTables {
  report_settings: {
    submission_id: number;
    header: ColumnType<unknown, string, string>;
    samples: ColumnType<unknown, string, string>;
    updated_by: number | null;
    updated_at: Generated<Date>;
    row_version: Generated<number>;
  };
  report_pages: {
    submission_id: number;
    sample_id: number;
    recommendation: string;
    plant_say: string;
    updated_by: number | null;
    updated_at: Generated<Date>;
    row_version: Generated<number>;
  };
  submission_reports: {
    id: Generated<number>;
    kind: 'leaf' | 'soil';
    submission_ids: number[];
    sample_ids: Generated<number[]>;
    created_by: number | null;
    created_at: Generated<Date>;
    job_id: number | null;
    frozen: ColumnType<unknown, string | null, string | null>;
    file_key: string | null;
    file_name: string | null;
    file_size: number | null;
  };
}
