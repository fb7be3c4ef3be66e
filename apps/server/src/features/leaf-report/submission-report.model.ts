import type { LeafReportHeader } from '@sapwood/contracts';
import type { LeafChartInput } from './chart/leaf-chart';
import type { LeafReportTexts } from './leaf-report.texts';
import type { ReportBrand } from '../../platform/reports/report-pdf';
import type { ReportPdfTexts } from './report-pdf.texts';

/**
 * A leaf or farmers' report as it is frozen into its record (`submission_reports.frozen`) and drawn from: every
 * name, value, norm, DRIS index and text the PDF shows, resolved when the report was made. The PDF is a pure
 * function of this document (and the logos named in it), so what a report said stays what it says.
 */
export interface FrozenLogo {
  distributorId: number;
  imagePath: string;
  imageHash: string;
}

/** What every section (one submission) of either report carries. */
export interface SectionBase {
  submissionId: number;
  /** the lab whose results these are, by its label (absent in reports made before issue 31) */
  lab?: string;
  brand: ReportBrand;
  logo: FrozenLogo | null;
  clientName: string;
  farmName: string;
  agronomist: string;
  agent: string;
  languageId: number;
  texts: ReportPdfTexts;
}

export interface LeafPdfPage {
  sampleId: number;
  sampleNumber: string;
  blockNumber: string;
  crop: string;
  cultivars: string[];
  growthStage: string;
  organType: string;
  sampleDate: string | null;
  na: boolean;
  excludeImage: boolean;
  /** the chart's input: the values with their resolved norms (min, median, max), the DRIS block; the one chart module draws it */
  chart: LeafChartInput;
  recommendation: string;
  plantSay: string;
  /** an outside lab's values out of their plausible bounds, printed with what is wrong (absent before issue 31) */
  flagged?: FlaggedValue[];
}

/** A value the lab returned outside its plausible bounds, as the report prints it beside its flag. */
export interface FlaggedValue {
  label: string;
  unit: string;
  value: number;
  flag: string;
}

export interface LeafPdfSection extends SectionBase {
  options: Pick<LeafReportHeader, 'graphType' | 'includeSummary' | 'includeIndex' | 'includeGuidelines' | 'includeDrisGraphs' | 'includeCultivarLabels' | 'excludeNa' | 'includeSanas'>;
  pageTexts: LeafReportTexts;
  pages: LeafPdfPage[];
}

export interface FarmersPdfSample {
  sampleId: number;
  sampleNumber: string;
  blockNumber: string;
  labNumber: string;
  sampleDate: string | null;
  na: boolean;
  /** `flag`: the lab's value is outside its plausible bounds (what is wrong), printed with it */
  values: { label: string; unit: string; value: number | null; flag?: string }[];
}

export interface FarmersPdfSection extends SectionBase {
  samples: FarmersPdfSample[];
}

export type FrozenReport =
  | { kind: 'leaf'; reportId: number; generatedOn: string; sections: LeafPdfSection[] }
  | { kind: 'soil'; reportId: number; generatedOn: string; sections: FarmersPdfSection[] };
