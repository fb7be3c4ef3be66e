import { type ChartRun, type ControlLot, formatDayTime } from '@sapwood/contracts';
import { PAGE, finishPdf, startPdf } from '../../platform/reports/report-pdf';
import { drawChartOnPdf } from '../leaf-report';
import { LJ, leveyJennings } from './qc-chart';

const M = PAGE.margin;
const COLS: { label: string; w: number; value: (r: ChartRun, i: number) => string }[] = [
  { label: '#', w: 24, value: (_r, i) => String(i + 1) },
  { label: 'Entered', w: 92, value: (r) => formatDayTime(r.resultOn, 'UTC') },
  { label: 'Job', w: 50, value: (r) => `J${r.jobId}` },
  { label: 'Value', w: 50, value: (r) => String(r.value) },
  { label: 'z', w: 40, value: (r) => r.z.toFixed(2) },
  { label: 'Outcome', w: 60, value: (r) => (r.outcome === 'reject' && r.released ? 'released' : r.outcome) },
  { label: 'Rules', w: 200, value: (r) => r.violations.map((v) => v.rule).join(', ') },
];

/** The chart of a lot and its runs listed beside it (below, on A4), as PDF. */
export async function renderLotChartPdf(lot: ControlLot, runs: ChartRun[]): Promise<Buffer> {
  const { doc, bytes } = await startPdf({ title: `Levey–Jennings chart ${lot.name} ${lot.lot}`, author: 'Sapwood' });
  const scale = (PAGE.width - 2 * M) / LJ.width;
  drawChartOnPdf(doc, leveyJennings(lot, runs), M, M, scale);
  let y = M + LJ.height * scale + 14;
  const row = (cells: string[], bold: boolean) => {
    let x = M;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7).fillColor('#222');
    cells.forEach((c, k) => {
      doc.text(c, x, y, { width: COLS[k].w - 4, lineBreak: false, ellipsis: true });
      x += COLS[k].w;
    });
    y += 11;
    if (y > PAGE.height - M - 20) {
      doc.addPage();
      y = M;
    }
  };
  row(COLS.map((c) => c.label), true);
  runs.forEach((r, i) => row(COLS.map((c) => c.value(r, i)), r.outcome !== 'pass'));
  finishPdf(doc, `${lot.name} · lot ${lot.lot} · ${formatDayTime(new Date(), 'UTC')} UTC`, 'Page {page} of {pages}');
  return bytes;
}
