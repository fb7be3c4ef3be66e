import type PDFDocument from 'pdfkit';

/**
 * What every client report PDF shares (the carbohydrate report, the leaf and the farmers' reports): an A4
 * pdfkit document collected into one buffer, the branded head of a page (the distributor's logo, the
 * address's name, lines and logo word) and the footer on every page (address, date, 'Page N of M').
 */
export type PdfDoc = InstanceType<typeof PDFDocument>;

export const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;

/** The address and distributor a report is branded with, as frozen into the report's record. */
export interface ReportBrand {
  name: string;
  lines: string[];
  logoWord: string;
  distributor: string;
}

/** A new A4 document and the promise of its bytes once `end()` is called. */
/** A new A4 document (pdfkit is loaded when first used: ADR 0115) and the bytes it will have once ended. */
export async function startPdf(info: { title: string; author: string }): Promise<{ doc: PdfDoc; bytes: Promise<Buffer> }> {
  const { default: Pdf } = await import('pdfkit');
  const doc = new Pdf({ size: 'A4', margin: PAGE.margin, bufferPages: true, compress: true, info: { Title: info.title, Author: info.author } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** Draws the branded head at the top of the current page; answers the y below it. */
export function drawBrandHead(doc: PdfDoc, brand: ReportBrand, logo: Buffer | null): number {
  const M = PAGE.margin;
  const y = M;
  if (logo) {
    try {
      doc.image(logo, M, y, { fit: [130, 52] });
    } catch {
      /* an unreadable logo leaves the space empty */
    }
  }
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#1d3b2f').text(brand.name, M + 140, y, { width: 250, align: 'center' });
  doc.font('Helvetica').fontSize(7).fillColor('#444').text(brand.lines.join('  ·  '), M + 140, y + 18, { width: 250, align: 'center' });
  const word = brand.logoWord;
  doc.lineWidth(1.2).strokeColor('#2f7d57').roundedRect(PAGE.width - M - 110, y + 4, 110, 36, 6).stroke();
  doc.font('Helvetica-Bold').fontSize(word.length > 12 ? 10 : 14).fillColor('#2f7d57')
    .text(word, PAGE.width - M - 110, y + 15, { width: 110, align: 'center', lineBreak: false });
  return y + 62;
}

/** Label: value pairs in two columns from y; answers the y below them. */
export function drawPairs(doc: PdfDoc, pairs: [string, string][], y: number): number {
  const M = PAGE.margin;
  doc.fontSize(8);
  pairs.forEach(([label, value], i) => {
    const x = M + (i % 2) * 262;
    const yy = y + Math.floor(i / 2) * 12;
    doc.font('Helvetica-Bold').fillColor('#333').text(`${label}:`, x, yy, { continued: true }).font('Helvetica').text(` ${value}`, { lineBreak: false });
  });
  return y + Math.ceil(pairs.length / 2) * 12 + 6;
}

/** The footer on every buffered page: `left` and the page text ('{page}' and '{pages}' filled in). Then ends the document. */
export function finishPdf(doc: PdfDoc, left: string, pageText: string): void {
  const M = PAGE.margin;
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0; // the footer sits in the margin; without this pdfkit would start a new page
    doc.font('Helvetica').fontSize(7).fillColor('#777');
    doc.text(left, M, PAGE.height - M + 8, { width: 300, lineBreak: false });
    doc.text(pageText.replace('{page}', String(i + 1)).replace('{pages}', String(range.count)), PAGE.width - M - 120, PAGE.height - M + 8, { width: 120, align: 'right', lineBreak: false });
  }
  doc.end();
}

/** A file name part: letters, digits, '-' and '_' only. */
export function fileNamePart(s: string): string {
  return s.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'report';
}
