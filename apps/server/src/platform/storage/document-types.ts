import { detectImageKind } from '../images/images';

/** A kind of document the app keeps, told by its content (never by its name or the type the browser declared). */
export interface DocumentType {
  kind: 'pdf' | 'png' | 'jpeg' | 'xlsx' | 'docx' | 'text';
  /** the content type it is served with */
  contentType: string;
  /** the name endings a file of this kind may have (lower case, with the dot) */
  extensions: readonly string[];
}

const TYPES = {
  pdf: { kind: 'pdf', contentType: 'application/pdf', extensions: ['.pdf'] },
  png: { kind: 'png', contentType: 'image/png', extensions: ['.png'] },
  jpeg: { kind: 'jpeg', contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  xlsx: { kind: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['.xlsx'] },
  docx: { kind: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  text: { kind: 'text', contentType: 'text/plain; charset=utf-8', extensions: ['.csv'] },
} as const satisfies Record<DocumentType['kind'], DocumentType>;

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;

/**
 * The names of the entries of a zip archive, read from its central directory (the end record is found in the
 * archive's last 64 KiB + 22 bytes); null when it is not a well-formed zip. Nothing is decompressed.
 */
export function zipEntryNames(data: Uint8Array): string[] | null {
  if (!startsWith(data, ZIP_LOCAL) || data.length < 22) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== ZIP_CENTRAL) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) return null;
    names.push(decoder.decode(data.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Valid UTF-8 (a BOM allowed) without a NUL byte, and not empty: a CSV or plain text file. */
function isText(data: Uint8Array): boolean {
  if (data.length === 0 || data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a document is by its content: a PDF (%PDF-), a PNG or JPEG image (their magic bytes), an Excel
 * workbook or Word document (a zip holding `[Content_Types].xml` and `xl/workbook.xml` or
 * `word/document.xml`), or CSV text (valid UTF-8 without NUL bytes; named .csv, a .txt is refused); null for anything else (programs,
 * old .xls/.doc, random bytes, other zips, WebP and SVG images).
 */
export function sniffDocument(data: Uint8Array): DocumentType | null {
  if (startsWith(data, PDF)) return TYPES.pdf;
  const image = detectImageKind(data);
  if (image === 'png' || image === 'jpeg') return TYPES[image];
  if (image) return null;
  if (startsWith(data, ZIP_LOCAL)) {
    const names = new Set(zipEntryNames(data) ?? []);
    if (!names.has('[Content_Types].xml')) return null;
    if (names.has('xl/workbook.xml')) return TYPES.xlsx;
    if (names.has('word/document.xml')) return TYPES.docx;
    return null;
  }
  return isText(data) ? TYPES.text : null;
}

/** Whether a file's name ends as a file of the type should ('scan.PDF' for a PDF; not 'scan.exe'). */
export function nameFits(name: string, type: DocumentType): boolean {
  const lower = name.toLowerCase();
  return type.extensions.some((e) => lower.endsWith(e));
}

/**
 * An uploaded file's name made safe to keep and show: its last path segment (browsers may send a path), no
 * control characters, at most 200 characters (the ending kept); `fallback` when nothing is left.
 */
export function cleanFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!base || base === '.' || base === '..') return fallback;
  if (base.length <= 200) return base;
  const dot = base.lastIndexOf('.');
  const ending = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, 200 - ending.length) + ending;
}

/**
 * A Content-Disposition header offering the file for download under its name: an ASCII fallback `filename`
 * (anything else as '_') and the exact name as UTF-8 in `filename*` (RFC 6266, RFC 5987).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
