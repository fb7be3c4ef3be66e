import type { ColumnType, Generated } from 'kysely';

/** The leaf and farmers' report settings and the preview's page texts (migration 0196, feature leaf-report). */
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
}
