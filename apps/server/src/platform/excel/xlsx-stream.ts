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
  constructor(
    private readonly ws: ExcelJS.Worksheet,
    private readonly columns: XlsxColumn<T>[],
    private readonly out: NodeJS.WritableStream & { writableNeedDrain?: boolean },
  ) {
    ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
  }

  addRow(row: T): void {
    const r = this.ws.addRow(this.columns.map((c) => cellValue(c.value(row))));
    this.columns.forEach((c, i) => {
      if (c.numFmt) r.getCell(i + 1).numFmt = c.numFmt;
    });
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
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  try {
    await write(new XlsxBook(wb, out));
    await wb.commit();
  } catch (err) {
    reply.log.error({ err }, 'excel download failed');
    out.destroy(err as Error);
  }
  return reply;
}
