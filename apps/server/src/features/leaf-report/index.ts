import type { FeatureModule } from '../../platform/features/feature-module';
import { registerLeafReport } from './leaf-report.routes';
import { LEAF_REPORT_TEXTS } from './leaf-report.texts';
import * as m0196 from './migrations/0196_report_settings';

/** The leaf and farmers' report settings and the leaf report's preview pages (issue 15; ADR 0091). */
export const leafReportFeature: FeatureModule = {
  name: 'leaf-report',
  owns: ['report_settings', 'report_pages'],
  register: registerLeafReport,
  migrations: { '0196_report_settings': m0196 },
  // the page's fixed texts, editable on /languages (report keys, not frontend keys)
  textKeys: Object.entries(LEAF_REPORT_TEXTS).map(([key, [english, afrikaans]]) => [key, false, english, afrikaans]),
};
