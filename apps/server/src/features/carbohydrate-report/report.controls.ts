import { PAGE, type PdfDoc } from '../../platform/reports/report-pdf';
import type { ReportTexts } from './report.texts';

/** A control of a run the report covers, as frozen into the report (issue 37). */
export interface ReportControl {
  jobId: number;
  name: string;
  lot: string;
  analyte: string;
  mean: number;
  sd: number;
  value: number;
  outcome: string;
  rules: string[];
  released: boolean;
}

const M = PAGE.margin;

/** The report's statement of its runs' controls: one line per control, with its Westgard outcome. */
export function drawControls(doc: PdfDoc, controls: ReportControl[], t: ReportTexts, top: number): void {
  let y = top;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#111').text(t['report.controls'], M, y);
  y += 18;
  const cols = [
    { label: t['report.controls.job'], w: 50 }, { label: t['report.controls.material'], w: 190 },
    { label: t['report.controls.assigned'], w: 100 }, { label: t['report.controls.value'], w: 60 }, { label: t['report.controls.outcome'], w: 120 },
  ];
  const line = (cells: string[], bold: boolean) => {
    let x = M + 2;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7).fillColor('#111');
    cells.forEach((c, i) => {
      doc.text(c, x, y + 2, { width: cols[i].w - 4, lineBreak: false, ellipsis: true });
      x += cols[i].w;
    });
    y += 13;
  };
  line(cols.map((c) => c.label), true);
  for (const c of controls) {
    if (y > PAGE.height - M - 30) {
      doc.addPage();
      y = M;
    }
    const outcome = c.outcome === 'pass' ? 'pass' : `${c.outcome}${c.rules.length ? ` (${c.rules.join(', ')})` : ''}${c.released ? ', released' : ''}`;
    line([`J${c.jobId}`, `${c.name} / ${c.lot} (${c.analyte})`, `${c.mean} ± ${c.sd}`, String(c.value), outcome], false);
  }
}
