import { formatDay } from '@sapwood/contracts';
import { PAGE, type PdfDoc, drawBrandHead, drawPairs } from '../../platform/reports/report-pdf';
import { reportNumber } from '../../platform/reports/report-number';
import { renderSections } from './sections-pdf';
import { flaggedHeight, flaggedLines } from './flagged-lines';
import type { FarmersPdfSample, FarmersPdfSection, FlaggedValue, FrozenReport } from './submission-report.model';

type FarmersReport = Extract<FrozenReport, { kind: 'soil' }>;
const M = PAGE.margin;
const WIDTH = PAGE.width - 2 * M;
const BOTTOM = PAGE.height - M - 14;
const PER_ROW = 4;
const CELL = WIDTH / PER_ROW;

const num = (v: number | null) => (v === null ? '–' : reportNumber(v));

const LABEL_WIDTH = CELL * 0.62;
/** A value's label at 7 pt, or smaller (down to 5.5 pt) where that keeps it whole with its unit, rather than cut. */
function labelSize(doc: PdfDoc, label: string): number {
  let size = 7;
  while (size > 5.5 && doc.fontSize(size).widthOfString(label) > LABEL_WIDTH) size -= 0.5;
  return size;
}

/** The sample's values the lab returned outside their plausible bounds. */
const flaggedOf = (sample: FarmersPdfSample): FlaggedValue[] =>
  sample.values.flatMap((v) => (v.flag && v.value !== null ? [{ label: v.label, unit: v.unit, value: v.value, flag: v.flag }] : []));

/**
 * The farmers' report PDF, drawn only from its frozen document: per submission the brand, title and names,
 * then each chosen sample with its lab number, date and values (label, unit, value) in a grid.
 */
export async function renderFarmersPdf(r: FarmersReport, logos: Map<number, Buffer | null>, onSample?: (done: number, total: number) => void): Promise<Buffer> {
  const total = r.sections.reduce((n, s) => n + s.samples.length, 0);
  let done = 0;
  return renderSections(r, logos, { key: 'report.farmers.title', fallback: "Farmer's Sample Report" }, (doc, s, logo) => {
    let y = head(doc, r, s, logo);
    for (const sample of s.samples) {
      const h = 16 + Math.ceil(sample.values.length / PER_ROW) * 11 + 10 + flaggedHeight(flaggedOf(sample));
      if (y + h > BOTTOM) {
        doc.addPage();
        y = head(doc, r, s, logo);
      }
      y = sampleBlock(doc, s, sample, y);
      done += 1;
      onSample?.(done, total);
    }
  });
}

function head(doc: PdfDoc, r: FarmersReport, s: FarmersPdfSection, logo: Buffer | null): number {
  const t = s.texts;
  let y = drawBrandHead(doc, s.brand, logo);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#111').text(t['report.farmers.title'], M, y, { width: WIDTH, lineBreak: false });
  y += 18;
  return drawPairs(doc, [
    [t['report.sub.client'], s.clientName], [t['report.sub.farm'], s.farmName], [t['report.sub.agronomist'], s.agronomist], [t['report.sub.agent'], s.agent],
    [t['report.sub.distributor'], s.brand.distributor], [t['report.sub.submission'], `${s.submissionId} · ${formatDay(r.generatedOn, 'UTC')}`],
    ...(s.lab ? [[t['report.sub.lab'], s.lab] as [string, string]] : []),
  ], y);
}

function sampleBlock(doc: PdfDoc, s: FarmersPdfSection, sample: FarmersPdfSample, top: number): number {
  const t = s.texts;
  let y = top;
  doc.rect(M, y, WIDTH, 14).fill('#e8f1ec');
  const title = [sample.sampleNumber, sample.blockNumber, sample.labNumber, sample.sampleDate && `${t['report.sub.sampleDate']}: ${formatDay(sample.sampleDate, 'UTC')}`].filter(Boolean).join(' · ');
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#1d3b2f').text(title, M + 3, y + 3, { width: WIDTH - 6, lineBreak: false, ellipsis: true });
  y += 16;
  if (sample.na) {
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#b7791f').text(t['report.sub.na'], M + 3, y, { lineBreak: false });
    return y + 16;
  }
  sample.values.forEach((v, i) => {
    const x = M + (i % PER_ROW) * CELL;
    const yy = y + Math.floor(i / PER_ROW) * 11;
    const label = `${v.label}${v.unit ? ` (${v.unit})` : ''}`;
    doc.font('Helvetica').fontSize(labelSize(doc, label)).fillColor('#444').text(label, x + 3, yy, { width: LABEL_WIDTH, height: 9, ellipsis: true });
    doc.fontSize(7);
    doc.font('Helvetica-Bold').fillColor(v.flag ? '#9c2a00' : '#111').text(`${num(v.value)}${v.flag ? ' !' : ''}`, x + CELL * 0.6, yy, { width: CELL * 0.4 - 6, align: 'right', lineBreak: false });
  });
  y += Math.ceil(sample.values.length / PER_ROW) * 11 + 4;
  return flaggedLines(doc, t['report.sub.flagged'], flaggedOf(sample), y) + 6;
}
