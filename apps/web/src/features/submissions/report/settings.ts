import {
  type FarmersReportData, type FarmersReportRequest, type LeafPreReport, type LeafReportRequest, ORGAN_TYPES, type OrganType,
} from '@sapwood/contracts';

/** A sample row of the Report Settings' table as shown (what is chosen on it lives in the form). */
export interface ReportSampleView {
  id: number;
  sample: string;
  date: Date | null;
  blockNumber: string;
  matched: boolean;
  /** why a sample without a result has none (the lab result view's rule, from the server); null when it has one */
  noResult: string | null;
}

/** One submission's part of the Report Settings, as shown: its title, its samples and the lab numbers not in it. */
export interface ReportView {
  submissionId: number;
  title: string;
  samples: ReportSampleView[];
  extraSampleNumbers: string[];
}

/** The Report Settings of some submissions: what is shown, and the form's starting values (the update call's input). */
export interface ReportSettings<R> {
  views: ReportView[];
  reports: R[];
}

const titleOf = (h: { submissionId: number; clientName: string; farmName: string }) => `${h.submissionId} · ${h.clientName} (${h.farmName})`;
const organOf = (o: string): OrganType | undefined => (ORGAN_TYPES as readonly string[]).includes(o) ? (o as OrganType) : undefined;

/** The leaf Report Settings from prereport: the header as saved (or its defaults), and each sample's choice. */
export function leafSettings(pre: readonly LeafPreReport[]): ReportSettings<LeafReportRequest> {
  return {
    views: pre.map(({ header, samples, extraSampleNumbers }) => ({
      submissionId: header.submissionId,
      title: titleOf(header),
      samples: samples.map((s) => ({ id: s.id, sample: s.sample, date: s.dateCaptured, blockNumber: s.blockNumber, matched: s.matchedResult, noResult: s.noResult })),
      extraSampleNumbers,
    })),
    reports: pre.map(({ header, samples, rowVersion }) => ({
      ...header,
      rowVersion,
      samples: samples.map((s) => ({ id: s.id, selected: s.selected, excludeImage: s.excludeImage, organTypeEnum: organOf(s.organTypeEnum) })),
    })),
  };
}

/** The farmers' Report Settings from their prereport. */
export function farmersSettings(pre: readonly FarmersReportData[]): ReportSettings<FarmersReportRequest> {
  return {
    views: pre.map(({ farmerData: d, extraSampleNumbers }) => ({
      submissionId: d.submissionId,
      title: titleOf(d),
      samples: d.samples.map((s) => ({ id: s.id, sample: s.sample, date: s.dateCaptured, blockNumber: s.blockNumber, matched: s.sampleMatched, noResult: s.noResult })),
      extraSampleNumbers,
    })),
    reports: pre.map(({ farmerData: { id: _id, samples, ...header }, rowVersion }) => ({
      ...header, rowVersion, samples: samples.map((s) => ({ id: s.id, selected: s.selected })),
    })),
  };
}

/**
 * The reports with the versions their settings were saved at (ADR 0110): what a later Submit from the same
 * dialog, or the preview's Reload, sends, so that only someone else's save in between answers 409.
 */
export function withVersions<R extends { submissionId: number; rowVersion: number }>(reports: readonly R[], saved: readonly { submissionId: number; rowVersion: number }[]): R[] {
  const by = new Map(saved.map((v) => [v.submissionId, v.rowVersion]));
  return reports.map((r) => ({ ...r, rowVersion: by.get(r.submissionId) ?? r.rowVersion }));
}

/** The form's name of a field the update call's 400 names: its reports are the form's `reports` ('0.samples' → 'reports.0.samples'). */
export const formFieldOf = (field: string) => `reports.${field}`;

/** The farmers' report PDF link: the submissions' ids ('/api/farmerssample/questpdf?submissionIds=4,7'), as query text. */
export const submissionIdsText = (ids: readonly number[]) => [...new Set(ids)].join(',');
