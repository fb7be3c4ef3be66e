import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../../../../tests/support/pdf';
import { leafReportTexts } from './leaf-report.texts';
import { renderLeafPdf } from './leaf-pdf';
import { reportPdfTexts } from './report-pdf.texts';
import type { FrozenReport, LeafPdfPage, LeafPdfSection } from './submission-report.model';

type LeafReport = Extract<FrozenReport, { kind: 'leaf' }>;

const page = (flagged: LeafPdfPage['flagged'], excludeImage: boolean): LeafPdfPage => ({
  sampleId: 1, sampleNumber: 'L-77', blockNumber: 'B2', crop: 'Apple', cultivars: [], growthStage: '', organType: '', sampleDate: null, na: false, excludeImage,
  chart: {
    graphType: 'GraphOld', title: 'Sample L-77',
    elements: [
      { element: 'K', label: 'K', unit: '%', value: 150, min: 1, med: 1.5, max: 2 },
      { element: 'N', label: 'N', unit: '%', value: 2.4, min: 2, med: 2.5, max: 3 },
    ],
  },
  recommendation: '', plantSay: '', flagged,
});

const report = (p: LeafPdfPage): LeafReport => {
  const section: LeafPdfSection = {
    submissionId: 9, lab: 'Nvirotek', brand: { name: 'Sapwood Labs', logoWord: '', distributor: '', lines: [] }, logo: null,
    clientName: 'Orchard Co', farmName: 'North', agronomist: '', agent: '', languageId: 0, texts: reportPdfTexts({}),
    options: { graphType: 'GraphOld', includeSummary: true, includeIndex: false, includeGuidelines: false, includeDrisGraphs: false, includeCultivarLabels: false, excludeNa: false, includeSanas: false },
    pageTexts: leafReportTexts({}), pages: [p],
  };
  return { kind: 'leaf', reportId: 3, generatedOn: '2026-11-26T10:00:00Z', sections: [section] };
};

describe("the leaf report's flagged values (issue 31, finding 5)", () => {
  for (const excludeImage of [false, true]) {
    it(`prints an outside lab's out-of-bound value with what is wrong, on its page and in the summary (${excludeImage ? 'values table' : 'chart'})`, async () => {
      const flagged = [{ label: 'K', unit: '%', value: 150, flag: 'Impossible: must be at most 100 %' }];
      const text = pdfPages(await renderLeafPdf(report(page(flagged, excludeImage)), new Map())).join('\n').replace(/[ \t]+/g, ' ');
      expect(text).toContain('! Outside the plausible range, as the lab returned it:');
      expect(text).toContain('K 150 %: Impossible: must be at most 100 %');
      expect(text).toMatch(/150( H)? !/);
    });
  }

  it('prints no flag where the lab returned nothing out of bounds', async () => {
    const text = pdfPages(await renderLeafPdf(report(page([], false)), new Map())).join('\n');
    expect(text).not.toContain('plausible range');
  });
});
