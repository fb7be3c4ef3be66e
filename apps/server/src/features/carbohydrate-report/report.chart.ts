import type PDFDocument from 'pdfkit';
import type { CropChart, Range } from './report.model';

type Doc = InstanceType<typeof PDFDocument>;

const BAND = '#cfe8d8';
const MED = '#2f7d57';
const POINT_OK = '#1c5d99';
const POINT_OUT = '#c0392b';

/**
 * Places each sample's value against the ranges of its crop's growth stages: one column per stage,
 * a band from min to max with the median as a line, and the samples as labelled points (red when
 * outside the band). Drawn as vectors, so it is sharp at any zoom.
 */
export function drawRangeChart(doc: Doc, chart: CropChart, which: 'sugar' | 'starch', box: { x: number; y: number; w: number; h: number }, title: string, unit: string) {
  const { x, y, w, h } = box;
  const plotX = x + 30;
  const plotY = y + 16;
  const plotW = w - 36;
  const plotH = h - 56;
  const values: number[] = [];
  for (const s of chart.stages) {
    const r = s[which];
    if (r) for (const v of [r.min, r.med, r.max]) if (v !== null) values.push(v);
  }
  for (const p of chart.points) if (p[which] !== null) values.push(p[which] as number);
  const top = niceMax(values.length ? Math.max(...values) : 1);
  const yOf = (v: number) => plotY + plotH - (v / top) * plotH;

  doc.save();
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#222').text(`${title} (${unit})`, x, y, { width: w, align: 'center' });
  doc.lineWidth(0.5).strokeColor('#999').rect(plotX, plotY, plotW, plotH).stroke();
  doc.font('Helvetica').fontSize(6).fillColor('#555');
  const divisions = top % 5 === 0 || (top * 10) % 5 === 0 ? 5 : 4;
  for (let i = 0; i <= divisions; i += 1) {
    const v = (top / divisions) * i;
    const ty = yOf(v);
    doc.strokeColor('#e5e5e5').moveTo(plotX, ty).lineTo(plotX + plotW, ty).stroke();
    doc.fillColor('#555').text(v.toFixed(v < 10 ? 1 : 0), x, ty - 3, { width: 27, align: 'right' });
  }
  const n = Math.max(1, chart.stages.length);
  const colW = plotW / n;
  chart.stages.forEach((s, i) => {
    const cx = plotX + colW * i + colW / 2;
    const r: Range | null = s[which];
    if (r && r.min !== null && r.max !== null) {
      doc.fillColor(BAND).rect(cx - colW * 0.3, yOf(r.max), colW * 0.6, Math.max(1, yOf(r.min) - yOf(r.max))).fill();
    }
    if (r && r.med !== null) doc.lineWidth(1).strokeColor(MED).moveTo(cx - colW * 0.3, yOf(r.med)).lineTo(cx + colW * 0.3, yOf(r.med)).stroke();
    doc.fillColor('#333').fontSize(6).text(s.name, plotX + colW * i + 1, plotY + plotH + 3, { width: colW - 2, align: 'center', height: 22, ellipsis: true });
  });
  const perStage = new Map<number, number>();
  for (const p of chart.points) {
    const v = p[which];
    if (v === null) continue;
    const k = perStage.get(p.stage) ?? 0;
    perStage.set(p.stage, k + 1);
    const cx = plotX + colW * p.stage + colW / 2 + ((k % 5) - 2) * 4;
    const cy = Math.max(plotY, Math.min(plotY + plotH, yOf(v)));
    const r = chart.stages[p.stage]?.[which];
    const out = r ? (r.min !== null && v < r.min) || (r.max !== null && v > r.max) : false;
    doc.fillColor(out ? POINT_OUT : POINT_OK).circle(cx, cy, 2).fill();
  }
  doc.restore();
}

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const exp = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * exp >= v * 1.1) return m * exp;
  return 10 * exp;
}
