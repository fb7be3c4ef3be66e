import { formatDay } from '@sapwood/contracts';
import { type PdfDoc, finishPdf, startPdf } from '../../platform/reports/report-pdf';
import type { ReportPdfTextKey } from './report-pdf.texts';
import type { FrozenReport } from './submission-report.model';

type Section = FrozenReport['sections'][number];

/**
 * A report PDF drawn from its frozen document, a section (submission) at a time: titled in the first section's
 * language and authored by its brand, each section on a page of its own with its distributor's logo, and the
 * footer (brand, day, report number, 'Page N of M') on every page.
 */
export async function renderSections<S extends Section>(
  r: { sections: S[]; generatedOn: FrozenReport['generatedOn']; reportId: FrozenReport['reportId'] },
  logos: Map<number, Buffer | null>,
  title: { key: ReportPdfTextKey; fallback: string },
  drawSection: (doc: PdfDoc, s: S, logo: Buffer | null) => void,
): Promise<Buffer> {
  const first = r.sections[0];
  const { doc, bytes } = await startPdf({ title: first?.texts[title.key] ?? title.fallback, author: first?.brand.name ?? '' });
  r.sections.forEach((s, i) => {
    if (i > 0) doc.addPage();
    drawSection(doc, s, s.logo ? logos.get(s.logo.distributorId) ?? null : null);
  });
  finishPdf(doc, `${first?.brand.name ?? ''} · ${formatDay(r.generatedOn, 'UTC')} · #${r.reportId}`, first?.texts['report.sub.page'] ?? 'Page {page} of {pages}');
  return bytes;
}
