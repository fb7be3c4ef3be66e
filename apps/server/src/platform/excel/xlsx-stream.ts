import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  /** number format for numbers and dates, e.g. '0.00' or 'dd/mm/yyyy hh:mm' */
  numFmt?: string;
  value: (row: T) => CellValue;
}

/**
 * A cell from user text is always written as a text cell (never a formula, whatever it starts with:
 * =, +, - or @); only values the caller computed as numbers, booleans or dates keep their type.
 */
export function cellValue(v: CellValue): string | number | boolean | Date | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return v;
}

/** Excel allows 31 characters and none of []:*?/\ in a sheet name, unique per workbook. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\\s]+/g, ' ').trim().slice(0, 31).trim() || 'Sheet';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

export class XlsxSheet<T> {
  private readonly styles: Partial<ExcelJS.Style>[];

  constructor(
    private readonly ws: ExcelJS.Worksheet,
    private readonly columns: XlsxColumn<T>[],
    private readonly out: NodeJS.WritableStream & { writableNeedDrain?: boolean },
  ) {
    this.styles = columns.map((c): Partial<ExcelJS.Style> => (c.numFmt ? { numFmt: c.numFmt } : {}));
    ws.columns = columns.map((c, i) => ({ header: c.header, width: c.width ?? 16, style: this.styles[i] }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
  }

  /**
   * One row as a plain array. Every cell of a column shares one style object: exceljs looks a style
   * up by object identity, so a shared object is serialized once instead of once per cell.
   */
  addRow(row: T): void {
    const values = new Array<ReturnType<typeof cellValue>>(this.columns.length);
    for (let i = 0; i < this.columns.length; i++) values[i] = cellValue(this.columns[i].value(row));
    const r = this.ws.addRow(values);
    for (let i = 0; i < this.styles.length; i++) r.getCell(i + 1).style = this.styles[i];
    r.commit();
  }

  /** Waits while the client has not taken what was written (memory stays flat for slow readers). */
  async drained(): Promise<void> {
    if (this.out.writableNeedDrain) await new Promise<void>((resolve) => this.out.once('drain', () => resolve()));
  }

  commit(): void {
    this.ws.commit();
  }
}

export class XlsxBook {
  private readonly names = new Set<string>();
  constructor(
    private readonly wb: ExcelJS.stream.xlsx.WorkbookWriter,
    private readonly out: NodeJS.WritableStream,
  ) {}

  sheet<T>(name: string, columns: XlsxColumn<T>[]): XlsxSheet<T> {
    const ws = this.wb.addWorksheet(sheetName(name, this.names));
    return new XlsxSheet(ws, columns, this.out);
  }
}

/**
 * Streams an .xlsx straight to the response with exceljs's streaming writer: rows are committed as
 * they are added, so memory stays flat however many rows the caller writes. Validate before calling:
 * once streaming has started, a failure can only cut the response short.
 */
export async function streamXlsx(reply: FastifyReply, fileName: string, write: (book: XlsxBook) => Promise<void>): Promise<FastifyReply> {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  // Styles stay on (dates and 0.00 need their number formats); shared strings off (that table would
  // grow with the rows). Deflate level 1: the sheet XML is very repetitive, so the file is barely
  // larger, and compressing is several times faster than the default level.
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  try {
    await write(new XlsxBook(wb, out));
    await wb.commit();
  } catch (err) {
    reply.log.error({ err }, 'excel download failed');
    out.destroy(err as Error);
  }
  return reply;
}
