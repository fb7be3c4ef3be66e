import { formatDay } from '@sapwood/contracts';
import { PAGE, type PdfDoc, drawBrandHead, drawPairs } from '../../platform/reports/report-pdf';
import { reportNumber } from '../../platform/reports/report-number';
import { renderSections } from './sections-pdf';
import { drawChartOnPdf } from './chart/chart-pdf';
import { type LeafChart, layoutLeafChart } from './chart/leaf-chart';
import { flaggedLines } from './flagged-lines';
import type { FrozenReport, LeafPdfPage, LeafPdfSection } from './submission-report.model';

type LeafReport = Extract<FrozenReport, { kind: 'leaf' }>;
const M = PAGE.margin;
const WIDTH = PAGE.width - 2 * M;
const BOTTOM = PAGE.height - M - 14;
const MARK = { below: ' L', above: ' H', inside: '', none: '', missing: '' } as Record<string, string>;

const num = (v: number | null) => (v === null ? '' : reportNumber(v));

/**
 * The leaf report PDF, drawn only from its frozen document: per submission a front page (brand, title, the
 * header's names, SANAS when chosen, the index and summary when chosen), then one page per sample with the
 * chart (the same module as the preview; left out when the sample's image is excluded, a values table
 * instead), the guidelines when chosen, and the two texts under their labels in the report's language.
 */
export async function renderLeafPdf(r: LeafReport, logos: Map<number, Buffer | null>, onPage?: (done: number, total: number) => void): Promise<Buffer> {
  const total = r.sections.reduce((n, s) => n + s.pages.length, 0);
  let done = 0;
  return renderSections(r, logos, { key: 'report.leaf.title', fallback: 'Leaf Analysis Report' }, (doc, s, logo) => {
    const charts = s.pages.map((p) => layoutLeafChart(p.chart));
    const index = frontPage(doc, r, s, logo, charts);
    const pageNumbers: number[] = [];
    s.pages.forEach((p, j) => {
      doc.addPage();
      pageNumbers.push(doc.bufferedPageRange().count);
      samplePage(doc, s, p, charts[j], logo);
      done += 1;
      onPage?.(done, total);
    });
    index?.(pageNumbers);
  });
}

function head(doc: PdfDoc, s: LeafPdfSection, logo: Buffer | null, title: string): number {
  let y = drawBrandHead(doc, s.brand, logo);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#111').text(title, M, y, { width: WIDTH, lineBreak: false });
  y += 18;
  return y;
}

/** The front page; answers the index's drawer (it needs the sample pages' numbers) when the index is chosen. */
function frontPage(doc: PdfDoc, r: LeafReport, s: LeafPdfSection, logo: Buffer | null, charts: LeafChart[]): ((pages: number[]) => void) | null {
  const t = s.texts;
  let y = head(doc, s, logo, t['report.leaf.title']);
  y = drawPairs(doc, [
    [t['report.sub.client'], s.clientName], [t['report.sub.farm'], s.farmName], [t['report.sub.agronomist'], s.agronomist], [t['report.sub.agent'], s.agent],
    [t['report.sub.distributor'], s.brand.distributor], [t['report.sub.submission'], `${s.submissionId} · ${formatDay(r.generatedOn, 'UTC')}`],
    ...(s.lab ? [[t['report.sub.lab'], s.lab] as [string, string]] : []),
  ], y);
  if (s.options.includeSanas) {
    doc.font('Helvetica-Oblique').fontSize(8).fillColor('#1d3b2f').text(t['report.sub.sanas'], M, y, { width: WIDTH });
    y += 14;
  }
  let drawIndex: ((pages: number[]) => void) | null = null;
  if (s.options.includeIndex) {
    const at = { page: doc.bufferedPageRange().count - 1, y };
    const rows = s.pages.length;
    // the index is drawn once the sample pages' numbers are known; its room is kept now
    y = Math.min(BOTTOM, y + 16 + rows * 11 + 8);
    drawIndex = (pages) => {
      doc.switchToPage(at.page);
      let yy = sectionTitle(doc, t['report.sub.index'], at.y);
      s.pages.forEach((p, i) => {
        if (yy > BOTTOM) return;
        doc.font('Helvetica').fontSize(7.5).fillColor('#111')
          .text(`${s.pageTexts['report.leaf.sample']} ${p.sampleNumber} · ${s.pageTexts['report.leaf.block']} ${p.blockNumber}${p.crop ? ` · ${p.crop}` : ''}`, M, yy, { width: WIDTH - 80, lineBreak: false, ellipsis: true })
          .text(`${t['report.sub.pageNo']} ${pages[i]}`, PAGE.width - M - 80, yy, { width: 80, align: 'right', lineBreak: false });
        yy += 11;
      });
      doc.switchToPage(doc.bufferedPageRange().count - 1);
    };
  }
  if (s.options.includeSummary) summary(doc, s, charts, y, logo);
  return drawIndex;
}

function sectionTitle(doc: PdfDoc, title: string, y: number): number {
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#1d3b2f').text(title, M, y, { lineBreak: false });
  return y + 16;
}

/** The summary: a row per sample, a column per element measured in the section, L/H where outside the norms. */
function summary(doc: PdfDoc, s: LeafPdfSection, charts: LeafChart[], top: number, logo: Buffer | null) {
  const t = s.texts;
  const codes = [...new Set(s.pages.flatMap((p) => p.chart.elements.filter((e) => e.value !== null).map((e) => e.element)))];
  const labels = new Map(s.pages.flatMap((p) => p.chart.elements.map((e) => [e.element, `${e.label} (${e.unit})`] as const)));
  const first = 70;
  const w = codes.length > 0 ? (WIDTH - first) / codes.length : 0;
  let y = sectionTitle(doc, t['report.sub.summary'], top);
  const header = () => {
    doc.rect(M, y, WIDTH, 22).fill('#e8f1ec');
    doc.font('Helvetica-Bold').fontSize(5.5).fillColor('#1d3b2f').text(s.pageTexts['report.leaf.sample'], M + 2, y + 3, { width: first - 4, lineBreak: false });
    codes.forEach((c, i) => doc.text(labels.get(c) ?? c, M + first + i * w, y + 3, { width: w - 1, align: 'right', height: 18 }));
    y += 24;
  };
  header();
  s.pages.forEach((p, j) => {
    if (y > BOTTOM - 12) {
      doc.addPage();
      y = head(doc, s, logo, t['report.sub.summary']);
      header();
    }
    const placed = new Map(charts[j].rows.map((row) => [row.element, row.placement]));
    doc.font('Helvetica').fontSize(6).fillColor('#111').text(`${p.sampleNumber} / ${p.blockNumber}`, M + 2, y + 2, { width: first - 4, lineBreak: false, ellipsis: true });
    codes.forEach((c, i) => {
      const e = p.chart.elements.find((x) => x.element === c);
      const v = e?.value ?? null;
      const flagged = !!e && (p.flagged ?? []).some((f) => f.label === e.label);
      const mark = `${MARK[placed.get(c) ?? ''] ?? ''}${flagged ? ' !' : ''}`;
      doc.font(mark ? 'Helvetica-Bold' : 'Helvetica').text(p.na ? 'N/A' : `${num(v)}${mark}`, M + first + i * w, y + 2, { width: w - 1, align: 'right', lineBreak: false });
    });
    doc.lineWidth(0.3).strokeColor('#ddd').moveTo(M, y + 11).lineTo(M + WIDTH, y + 11).stroke();
    y += 12;
  });
  doc.font('Helvetica').fontSize(6.5).fillColor('#555').text(t['report.sub.legend'], M, y + 4, { width: WIDTH });
}

function samplePage(doc: PdfDoc, s: LeafPdfSection, p: LeafPdfPage, chart: LeafChart, logo: Buffer | null) {
  const t = s.texts;
  const pt = s.pageTexts;
  let y = head(doc, s, logo, `${pt['report.leaf.sample']} ${p.sampleNumber} · ${pt['report.leaf.block']} ${p.blockNumber}`);
  const facts = [p.crop, p.cultivars.join(', '), p.growthStage && `${t['report.sub.growthStage']}: ${p.growthStage}`, p.organType && `${t['report.sub.organ']}: ${p.organType}`,
    p.sampleDate && `${t['report.sub.sampleDate']}: ${formatDay(p.sampleDate, 'UTC')}`].filter(Boolean).join(' · ');
  doc.font('Helvetica').fontSize(8).fillColor('#333').text(facts, M, y, { width: WIDTH, lineBreak: false, ellipsis: true });
  y += 14;
  if (p.na) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#b7791f').text(t['report.sub.na'], M, y);
    y += 14;
  }
  if (!p.excludeImage) {
    const scale = Math.min(1, WIDTH / chart.width, 400 / chart.height);
    drawChartOnPdf(doc, chart, M, y, scale);
    y += chart.height * scale + 8;
  } else {
    y = valuesTable(doc, s, p, chart, y);
  }
  y = flaggedLines(doc, s.texts['report.sub.flagged'], p.flagged ?? [], y);
  if (s.options.includeGuidelines) y = guidelines(doc, s, p, y);
  y = textBlock(doc, pt['report.leaf.plantSays'], p.plantSay, y);
  textBlock(doc, pt['report.leaf.recommendation'], p.recommendation, y);
}

/** The values as a table, for a page whose chart is left out. */
function valuesTable(doc: PdfDoc, s: LeafPdfSection, p: LeafPdfPage, chart: LeafChart, top: number): number {
  const t = s.texts;
  const placed = new Map(chart.rows.map((r) => [r.element, r.placement]));
  const words: Record<string, string> = { below: s.pageTexts['report.leaf.below'], inside: s.pageTexts['report.leaf.inside'], above: s.pageTexts['report.leaf.above'] };
  let y = top;
  doc.font('Helvetica-Bold').fontSize(7).fillColor('#1d3b2f');
  [t['report.sub.element'], t['report.sub.value'], t['report.sub.unit'], t['report.sub.result']].forEach((h, i) => doc.text(h, M + i * 90, y, { width: 86, lineBreak: false }));
  y += 11;
  for (const e of p.chart.elements) {
    if (e.value === null) continue;
    doc.font('Helvetica').fontSize(7).fillColor('#111');
    [e.label, num(e.value), e.unit, words[placed.get(e.element) ?? ''] ?? ''].forEach((c, i) => doc.text(c, M + i * 90, y, { width: 86, lineBreak: false }));
    y += 10;
  }
  return y + 8;
}

/** The norms the sample was judged by: element, min to max (median). */
function guidelines(doc: PdfDoc, s: LeafPdfSection, p: LeafPdfPage, top: number): number {
  const normed = p.chart.elements.filter((e) => e.min !== null || e.max !== null);
  if (normed.length === 0) return top;
  const y = sectionTitle(doc, s.texts['report.sub.guidelines'], top);
  const perRow = 3;
  const w = WIDTH / perRow;
  normed.forEach((e, i) => {
    const x = M + (i % perRow) * w;
    doc.font('Helvetica').fontSize(7).fillColor('#111')
      .text(`${e.label} (${e.unit}): ${num(e.min)} – ${num(e.max)}${e.med !== null ? ` (${num(e.med)})` : ''}`, x, y + Math.floor(i / perRow) * 10, { width: w - 4, lineBreak: false, ellipsis: true });
  });
  return y + Math.ceil(normed.length / perRow) * 10 + 8;
}

function textBlock(doc: PdfDoc, label: string, text: string, top: number): number {
  let y = top;
  if (y > BOTTOM - 30) {
    doc.addPage();
    y = M;
  }
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#1d3b2f').text(label, M, y, { lineBreak: false });
  y += 13;
  doc.font('Helvetica').fontSize(8.5).fillColor('#111').text(text || ' ', M + 4, y, { width: WIDTH - 8 });
  return doc.y + 10;
}
