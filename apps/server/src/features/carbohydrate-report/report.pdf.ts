import { PAGE, type PdfDoc, drawBrandHead, drawPairs, finishPdf, startPdf } from '../../platform/reports/report-pdf';
import { formatDay } from '@sapwood/contracts';
import { drawRangeChart } from './report.chart';
import { type ReportControl, drawControls } from './report.controls';
import type { Flag, ReportGroup, ReportSample } from './report.model';
import type { ReportTexts } from './report.texts';

type Doc = PdfDoc;

export interface ReportDocument {
  client: string;
  farm: string;
  agriculturist: string;
  agent: string;
  includeSummary: boolean;
  address: { name: string; lines: string[]; logoWord: string };
  distributor: string;
  groups: ReportGroup[];
  generatedOn: string;
  /** the controls of the runs reported, when the report states them */
  controls?: ReportControl[];
}

const M = PAGE.margin;
const PAGE_W = PAGE.width;
const PAGE_H = PAGE.height;
const COLS: { key: string; w: number; align?: 'right' }[] = [
  { key: 'report.sampleNumber', w: 64 }, { key: 'report.block', w: 40 }, { key: 'report.cropCultivar', w: 92 },
  { key: 'report.growthStage', w: 70 }, { key: 'report.organ', w: 50 }, { key: 'report.sugar', w: 46, align: 'right' },
  { key: 'report.starch', w: 46, align: 'right' }, { key: 'report.sampleDate', w: 57 }, { key: 'report.resultDate', w: 57 },
];

/** Renders the report: one page (or more) per location group, in selection order, then the summary. */
export async function renderReportPdf(r: ReportDocument, t: ReportTexts, logo: Buffer | null, onGroup?: (done: number) => void): Promise<Buffer> {
  const { doc, bytes } = await startPdf({ title: t['report.carbohydrate.title'], author: r.address.name });
  r.groups.forEach((g, i) => {
    if (i > 0) doc.addPage();
    groupPage(doc, r, g, t, logo);
    onGroup?.(i + 1);
  });
  if (r.includeSummary) {
    doc.addPage();
    summaryPage(doc, r, t, logo);
  }
  if (r.controls?.length) {
    doc.addPage();
    drawControls(doc, r.controls, t, header(doc, r, t, logo));
  }
  finishPdf(doc, `${r.address.name} · ${r.generatedOn}`, t['report.page']);
  return bytes;
}

function header(doc: Doc, r: ReportDocument, t: ReportTexts, logo: Buffer | null): number {
  let y = drawBrandHead(doc, { ...r.address, distributor: r.distributor }, logo);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#111').text(t['report.carbohydrate.title'], M, y);
  y += 18;
  const pairs: [string, string][] = [
    [t['report.client'], r.client], [t['report.farm'], r.farm], [t['report.agriculturist'], r.agriculturist], [t['report.agent'], r.agent],
  ];
  return drawPairs(doc, pairs, y);
}

function groupPage(doc: Doc, r: ReportDocument, g: ReportGroup, t: ReportTexts, logo: Buffer | null) {
  let y = header(doc, r, t, logo);
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#1d3b2f').text(`${t['report.location']}: ${g.entity} / ${g.farm}`, M, y);
  y += 14;
  y = tableHeader(doc, t, y);
  for (const s of g.samples) {
    if (y > PAGE_H - M - 40) {
      doc.addPage();
      y = tableHeader(doc, t, header(doc, r, t, logo));
    }
    y = sampleRow(doc, s, y);
  }
  doc.font('Helvetica').fontSize(6.5).fillColor('#555').text(t['report.legend'], M, y + 4, { width: PAGE_W - 2 * M });
  y += 20;
  for (const chart of g.charts) {
    const h = 190;
    if (y + h > PAGE_H - M - 10) {
      doc.addPage();
      y = header(doc, r, t, logo);
    }
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#333').text(chart.crop, M, y);
    const w = (PAGE_W - 2 * M - 12) / 2;
    drawRangeChart(doc, chart, 'sugar', { x: M, y: y + 12, w, h: h - 12 }, t['report.sugar'], t['report.unit']);
    drawRangeChart(doc, chart, 'starch', { x: M + w + 12, y: y + 12, w, h: h - 12 }, t['report.starch'], t['report.unit']);
    y += h + 8;
  }
}

function tableHeader(doc: Doc, t: ReportTexts, y: number): number {
  doc.rect(M, y, PAGE_W - 2 * M, 14).fill('#e8f1ec');
  let x = M + 2;
  doc.font('Helvetica-Bold').fontSize(7).fillColor('#1d3b2f');
  for (const c of COLS) {
    doc.text(t[c.key as keyof ReportTexts], x, y + 4, { width: c.w - 4, align: c.align, lineBreak: false });
    x += c.w;
  }
  return y + 16;
}

const mark = (f: Flag) => (f === 'low' ? ' L' : f === 'high' ? ' H' : '');
const color = (f: Flag) => (f === 'low' ? '#b7791f' : f === 'high' ? '#c0392b' : '#111');
/** the app's one date format (dd/mm/yyyy), the day as stored (UTC) */
const day = (iso: string | null) => formatDay(iso, 'UTC');

function sampleRow(doc: Doc, s: ReportSample, y: number): number {
  const cells: { text: string; color?: string; bold?: boolean }[] = [
    { text: s.sampleNumber }, { text: s.block }, { text: s.cultivar ? `${s.crop} / ${s.cultivar}` : s.crop }, { text: s.growthStage },
    { text: s.organ },
    s.na ? { text: 'N/A' } : { text: s.sugar === null ? '' : `${s.sugar.toFixed(2)}${mark(s.sugarFlag)}`, color: color(s.sugarFlag), bold: s.sugarFlag === 'low' || s.sugarFlag === 'high' },
    s.na ? { text: 'N/A' } : { text: s.starch === null ? '' : `${s.starch.toFixed(2)}${mark(s.starchFlag)}`, color: color(s.starchFlag), bold: s.starchFlag === 'low' || s.starchFlag === 'high' },
    { text: day(s.sampleDate) }, { text: day(s.resultOn) },
  ];
  let x = M + 2;
  doc.fontSize(7);
  cells.forEach((c, i) => {
    doc.font(c.bold ? 'Helvetica-Bold' : 'Helvetica').fillColor(c.color ?? '#111').text(c.text, x, y + 2, { width: COLS[i].w - 4, align: COLS[i].align, lineBreak: false, ellipsis: true });
    x += COLS[i].w;
  });
  doc.lineWidth(0.3).strokeColor('#ddd').moveTo(M, y + 12).lineTo(PAGE_W - M, y + 12).stroke();
  return y + 13;
}

function summaryPage(doc: Doc, r: ReportDocument, t: ReportTexts, logo: Buffer | null) {
  let y = header(doc, r, t, logo);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#111').text(t['report.summary'], M, y);
  y += 18;
  const cols = [
    { label: t['report.location'], w: 170 }, { label: t['report.samples'], w: 50 },
    { label: `${t['report.sugar']} ${t['report.average']}`, w: 75 }, { label: `${t['report.sugar']} ${t['report.low']}/${t['report.optimal']}/${t['report.high']}`, w: 85 },
    { label: `${t['report.starch']} ${t['report.average']}`, w: 75 }, { label: `${t['report.starch']} ${t['report.low']}/${t['report.optimal']}/${t['report.high']}`, w: 85 },
  ];
  doc.rect(M, y, PAGE_W - 2 * M, 14).fill('#e8f1ec');
  let x = M + 2;
  doc.font('Helvetica-Bold').fontSize(6.5).fillColor('#1d3b2f');
  for (const c of cols) {
    doc.text(c.label, x, y + 4, { width: c.w - 4, lineBreak: false, ellipsis: true });
    x += c.w;
  }
  y += 16;
  for (const g of r.groups) {
    if (y > PAGE_H - M - 30) {
      doc.addPage();
      y = header(doc, r, t, logo);
    }
    const stats = (k: 'sugar' | 'starch') => {
      const vals = g.samples.map((s) => s[k]).filter((v): v is number => v !== null);
      const flags = g.samples.map((s) => s[`${k}Flag` as const]);
      const avg = vals.length ? (vals.reduce((a, b) => a + b, 0) / vals.length).toFixed(2) : '';
      const count = (f: Flag) => flags.filter((x) => x === f).length;
      return [avg, `${count('low')} / ${count('ok')} / ${count('high')}`];
    };
    const cells = [`${g.entity} / ${g.farm}`, String(g.samples.length), ...stats('sugar'), ...stats('starch')];
    x = M + 2;
    doc.font('Helvetica').fontSize(7).fillColor('#111');
    cells.forEach((c, i) => {
      doc.text(c, x, y + 2, { width: cols[i].w - 4, lineBreak: false, ellipsis: true });
      x += cols[i].w;
    });
    doc.lineWidth(0.3).strokeColor('#ddd').moveTo(M, y + 12).lineTo(PAGE_W - M, y + 12).stroke();
    y += 13;
  }
}
