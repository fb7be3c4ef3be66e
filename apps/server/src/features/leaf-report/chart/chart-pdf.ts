import type PDFDocument from 'pdfkit';
import { type LeafChart, PLACEMENT_COLOURS } from './leaf-chart';

type Doc = InstanceType<typeof PDFDocument>;

/** Draws the chart on a PDF page at (x, y), as vectors and real text (so the marks' words are extractable). */
export function drawChartOnPdf(doc: Doc, chart: LeafChart, x: number, y: number, scale = 1): void {
  doc.save();
  doc.translate(x, y).scale(scale);
  for (const s of chart.shapes) {
    switch (s.kind) {
      case 'rect':
        doc.rect(s.x, s.y, s.w, s.h).fill(s.fill);
        if (s.stroke) doc.rect(s.x, s.y, s.w, s.h).stroke(s.stroke);
        break;
      case 'line':
        doc.lineWidth(s.width);
        if (s.dash) doc.dash(2, { space: 2 });
        doc.moveTo(s.x1, s.y1).lineTo(s.x2, s.y2).stroke(s.stroke);
        if (s.dash) doc.undash();
        break;
      case 'text': {
        doc.font(s.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(s.size).fillColor(s.fill);
        const w = doc.widthOfString(s.text);
        const tx = s.anchor === 'start' ? s.x : s.anchor === 'middle' ? s.x - w / 2 : s.x - w;
        doc.text(s.text, tx, s.y - s.size * 0.8, { lineBreak: false });
        break;
      }
      case 'marker': {
        const fill = PLACEMENT_COLOURS[s.placement];
        doc.lineWidth(0.4);
        if (s.placement === 'below') doc.polygon([s.x - s.r, s.y - s.r], [s.x + s.r, s.y - s.r], [s.x, s.y + s.r]).fillAndStroke(fill, '#000');
        else if (s.placement === 'above') doc.polygon([s.x - s.r, s.y + s.r], [s.x + s.r, s.y + s.r], [s.x, s.y - s.r]).fillAndStroke(fill, '#000');
        else doc.circle(s.x, s.y, s.r).fillAndStroke(fill, '#000');
        break;
      }
    }
  }
  doc.restore();
}
