import type { FeatureModule } from '../../platform/features/feature-module';
import { registerLeafReport } from './leaf-report.routes';
import { LEAF_REPORT_TEXTS } from './leaf-report.texts';
import { REPORT_PDF_TEXTS } from './report-pdf.texts';

/** The leaf and farmers' report settings and the leaf report's preview pages (issue 15; ADR 0091). */
export const leafReportFeature: FeatureModule = {
  name: 'leaf-report',
  owns: ['report_settings', 'report_pages', 'submission_reports'],
  register: registerLeafReport,
  // the page's fixed texts, editable on /languages (report keys, not frontend keys)
  textKeys: Object.entries({ ...LEAF_REPORT_TEXTS, ...REPORT_PDF_TEXTS }).map(([key, [english, afrikaans]]) => [key, false, english, afrikaans]),
};

/** The report chart module (shapes laid out once, drawn as SVG/PNG for screens and as vectors in PDFs): other charts use it too (QC). */
export { chartPng, chartSvg } from './chart/chart-svg';
export { drawChartOnPdf } from './chart/chart-pdf';
export type { LeafChart as ReportChart, Shape as ChartShape } from './chart/leaf-chart';
