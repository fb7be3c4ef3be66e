import type { CarbohydrateTables } from './tables/carbohydrates';
import type { CropNormTables } from './tables/crop-norms';
import type { PlatformTables } from './tables/platform';
import type { PreferenceTables } from './tables/preferences';
import type { QcTables } from './tables/qc';
import type { ReferenceTables } from './tables/reference';
import type { ReportTables } from './tables/reports';
import type { ReportSettingsTables } from './tables/leaf-report';
import type { SubmissionTables } from './tables/submissions';

/** The whole database as Kysely sees it: one interface per area, joined here. */
export interface Database extends PlatformTables, ReferenceTables, CarbohydrateTables, CropNormTables, ReportTables, SubmissionTables, ReportSettingsTables, PreferenceTables {}
export interface Database extends PlatformTables, ReferenceTables, CarbohydrateTables, CropNormTables, ReportTables, SubmissionTables, ReportSettingsTables, QcTables {}
