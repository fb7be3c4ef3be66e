import type { FeatureModule } from '../../platform/features/feature-module';
import { registerCarbohydrateReport } from './report.routes';
import { REPORT_TEXTS } from './report.texts';

export const carbohydrateReportFeature: FeatureModule = {
  name: 'carbohydrate-report',
  owns: ['carbohydrate_reports', 'mfw_postings'],
  register: registerCarbohydrateReport,
  // the report's fixed texts, editable on /languages (report keys are not frontend keys)
  textKeys: Object.entries(REPORT_TEXTS).map(([key, [english, afrikaans]]) => [key, false, english, afrikaans]),
};
