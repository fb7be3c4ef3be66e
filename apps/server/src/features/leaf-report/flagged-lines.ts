import { reportNumber } from '../../platform/reports/report-number';
import { PAGE, type PdfDoc } from '../../platform/reports/report-pdf';
import type { FlaggedValue } from './submission-report.model';

const M = PAGE.margin;
const WIDTH = PAGE.width - 2 * M;

/** The words of one flagged value: 'K 1000 %: Impossible: at most 100 %'. */
export const flaggedText = (f: FlaggedValue) => `${f.label} ${reportNumber(f.value)}${f.unit ? ` ${f.unit}` : ''}: ${f.flag}`;

/**
 * An outside lab's values outside their plausible bounds, under their heading, as the report prints them
 * (issue 31, ADR 0100): never silently. Answers where the next block starts.
 */
export function flaggedLines(doc: PdfDoc, heading: string, flagged: readonly FlaggedValue[], top: number, left = M, width = WIDTH): number {
  if (flagged.length === 0) return top;
  let y = top;
  doc.font('Helvetica-Bold').fontSize(7.5).fillColor('#9c2a00').text(`! ${heading}`, left, y, { width, lineBreak: false });
  y += 10;
  for (const f of flagged) {
    doc.font('Helvetica').fontSize(7).fillColor('#9c2a00').text(flaggedText(f), left + 6, y, { width: width - 6, lineBreak: false, ellipsis: true });
    y += 9;
  }
  return y + 4;
}

/** How tall flaggedLines draws these values. */
export const flaggedHeight = (flagged: readonly FlaggedValue[]) => (flagged.length === 0 ? 0 : 10 + flagged.length * 9 + 4);
