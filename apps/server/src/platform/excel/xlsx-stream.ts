import type { FastifyReply } from 'fastify';
import { type ZipEntry, ZipWriter } from './zip-stream';

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

/**
 * The N/A column, written the same in every export (Download Selected, Export Job, the submission and capture
 * results exports): 'Yes' on a row marked N/A, an empty cell otherwise. The spec names the column, not its values.
 */
export function naCell(na: boolean | null | undefined): 'Yes' | null {
  return na ? 'Yes' : null;
}

/** Excel allows 31 characters and none of []:*?/\ in a sheet name, unique per workbook. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\\s]+/g, ' ').trim().slice(0, 31).trim() || 'Sheet';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const DAY_MS = 86_400_000;
const EXCEL_EPOCH = 25_569; // 1970-01-01 as an Excel serial day
/** the sheet XML is handed to the compressor in pieces of about this many characters */
const FLUSH_AT = 64 * 1024;

// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// eslint-disable-next-line no-control-regex
const NEEDS_CARE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF&<>"]/;
function xmlText(s: string): string {
  if (!NEEDS_CARE.test(s)) return s;
  return s.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

function columnLetters(n: number): string {
  let s = '';
  for (let i = n + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

/** The workbook's cell formats: 0 plain, 1 the bold header, then one per number format. */
class Styles {
  private readonly formats = new Map<string, number>();
  static readonly HEADER = 1;

  /** the style index of a number format */
  of(numFmt: string): number {
    let i = this.formats.get(numFmt);
    if (i === undefined) {
      i = 2 + this.formats.size;
      this.formats.set(numFmt, i);
    }
    return i;
  }

  xml(): string {
    const fmts = [...this.formats.keys()];
    const numFmts = fmts.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`).join('');
    const xfs = fmts.map((_f, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
    return `${XML_HEAD}<styleSheet xmlns="${MAIN}">${fmts.length ? `<numFmts count="${fmts.length}">${numFmts}</numFmts>` : ''}`
      + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
      + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
      + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
      + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
      + `<cellXfs count="${2 + fmts.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>`
      + `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs}</cellXfs>`
      + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  }
}

/**
 * One worksheet, written row by row as XML straight into the archive (nothing of it is kept). Rows
 * are plain strings: no per-cell objects.
 */
export class XlsxSheet<T> {
  private readonly letters: string[];
  private readonly styles: number[];
  private readonly dateStyle: number;
  private rowNumber = 0;
  private buffer = '';

  constructor(
    private readonly entry: ZipEntry,
    private readonly columns: XlsxColumn<T>[],
    styles: Styles,
  ) {
    this.letters = columns.map((_c, i) => columnLetters(i));
    this.styles = columns.map((c) => (c.numFmt ? styles.of(c.numFmt) : 0));
    this.dateStyle = styles.of('dd/mm/yyyy hh:mm');
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}" customWidth="1"/>`).join('');
    this.buffer = `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"/></sheetViews>`
      + `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
    this.writeRow(columns.map((c) => c.header), Styles.HEADER);
  }

  addRow(row: T): void {
    const values = new Array<CellValue>(this.columns.length);
    for (let i = 0; i < this.columns.length; i++) values[i] = this.columns[i].value(row);
    this.writeRow(values, -1);
  }

  /** Waits while the client has not taken what was written (memory stays flat for slow readers). */
  async drained(): Promise<void> {
    this.flush();
    await this.entry.drained();
  }

  async commit(): Promise<void> {
    this.buffer += '</sheetData></worksheet>';
    this.flush();
    await this.entry.close();
  }

  /** `style` -1: each column's own style. */
  private writeRow(values: CellValue[], style: number): void {
    const r = ++this.rowNumber;
    let x = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const v = cellValue(values[i]);
      if (v === null) continue;
      const s = style >= 0 ? style : this.styles[i];
      const ref = `${this.letters[i]}${r}`;
      const sAttr = s ? ` s="${s}"` : '';
      if (typeof v === 'number') x += `<c r="${ref}"${sAttr}><v>${v}</v></c>`;
      else if (typeof v === 'boolean') x += `<c r="${ref}"${sAttr} t="b"><v>${v ? 1 : 0}</v></c>`;
      else if (v instanceof Date) {
        const t = v.getTime();
        if (Number.isFinite(t)) x += `<c r="${ref}" s="${s || this.dateStyle}"><v>${EXCEL_EPOCH + t / DAY_MS}</v></c>`;
      } else x += `<c r="${ref}"${sAttr} t="inlineStr"><is><t xml:space="preserve">${xmlText(v)}</t></is></c>`;
    }
    this.buffer += `${x}</row>`;
    if (this.buffer.length >= FLUSH_AT) this.flush();
  }

  private flush(): void {
    if (this.buffer) this.entry.write(this.buffer);
    this.buffer = '';
  }
}

/** The workbook: sheets one after another, then the parts that list them. */
export class XlsxBook {
  private readonly names = new Set<string>();
  private readonly sheets: string[] = [];
  readonly styles = new Styles();

  constructor(private readonly zip: ZipWriter) {}

  /** Starts the next sheet; the previous one must have been committed. */
  sheet<T>(name: string, columns: XlsxColumn<T>[]): XlsxSheet<T> {
    this.sheets.push(sheetName(name, this.names));
    return new XlsxSheet(this.zip.entry(`xl/worksheets/sheet${this.sheets.length}.xml`), columns, this.styles);
  }

  async finish(): Promise<void> {
    if (this.sheets.length === 0) await this.sheet('Sheet1', []).commit();
    const n = this.sheets.length;
    const sheetIds = this.sheets.map((_s, i) => i + 1);
    await this.zip.file('[Content_Types].xml', `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + sheetIds.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
      + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>');
    await this.zip.file('_rels/.rels', `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
      + `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
    await this.zip.file('xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets>`
      + this.sheets.map((s, i) => `<sheet name="${xmlText(s)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') + '</sheets></workbook>');
    await this.zip.file('xl/_rels/workbook.xml.rels', `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
      + sheetIds.map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')
      + `<Relationship Id="rId${n + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`);
    await this.zip.file('xl/styles.xml', this.styles.xml());
  }
}

/**
 * Streams an .xlsx straight to the response: each sheet's XML is written and compressed as its rows
 * are added, so memory stays flat however many rows the caller writes. Validate before calling: once
 * streaming has started, a failure can only cut the response short.
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
  const zip = new ZipWriter(out);
  try {
    const book = new XlsxBook(zip);
    await write(book);
    await book.finish();
    await zip.end();
  } catch (err) {
    reply.log.error({ err }, 'excel download failed');
    out.destroy(err as Error);
  }
  return reply;
}
