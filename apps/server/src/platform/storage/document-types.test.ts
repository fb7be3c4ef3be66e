import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName, nameFits, sniffDocument, zipEntryNames } from './document-types';

/**
 * A zip of stored (uncompressed) entries written by hand, field by field (a second writer beside the app's
 * ZipWriter, which the API tests use): local headers, the central directory, the end record.
 */
function zip(entries: Record<string, string>): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const n = Buffer.from(name);
    const body = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(body.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, body);
    centrals.push(central, n);
    offset += 30 + n.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Promise.resolve(Buffer.concat([...locals, directory, end]));
}
const kindOf = (data: Uint8Array) => sniffDocument(data)?.kind ?? null;

describe('sniffDocument', () => {
  it('tells PDF, PNG, JPEG, .xlsx, .docx and text by their content', async () => {
    expect(kindOf(Buffer.from('%PDF-1.7\n%%EOF'))).toBe('pdf');
    expect(kindOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(kindOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(kindOf(await zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }))).toBe('xlsx');
    expect(kindOf(await zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<document/>' }))).toBe('docx');
    expect(kindOf(Buffer.from('\ufeffSample;N\nA;1,5\n', 'utf8'))).toBe('text');
  });

  it('refuses programs, other zips, old Office files, WebP, broken UTF-8, NUL bytes, empty files and a cut zip', async () => {
    expect(kindOf(Buffer.from('MZ\x90\x00\x03\x00', 'latin1'))).toBeNull();
    expect(kindOf(await zip({ 'xl/workbook.xml': '<workbook/>' }))).toBeNull();
    expect(kindOf(await zip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' }))).toBeNull();
    expect(kindOf(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBeNull();
    expect(kindOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBeNull();
    expect(kindOf(Buffer.from([0x61, 0xc3, 0x28]))).toBeNull();
    expect(kindOf(Buffer.from('a,b\0c'))).toBeNull();
    expect(kindOf(Buffer.alloc(0))).toBeNull();
    const whole = await zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(zipEntryNames(whole)).toEqual(['[Content_Types].xml', 'xl/workbook.xml']);
    expect(kindOf(whole.subarray(0, whole.length - 30))).toBeNull();
  });
});

describe('file names', () => {
  it('keeps the last path segment without control characters, shortened to 200 with its ending', () => {
    expect(cleanFileName('C:\\fakepath\\Report.pdf', 'x')).toBe('Report.pdf');
    expect(cleanFileName('../../etc/passwd\r\n.csv', 'x')).toBe('passwd.csv');
    expect(cleanFileName('  ', 'file')).toBe('file');
    const long = cleanFileName(`${'a'.repeat(300)}.xlsx`, 'x');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('fits a name to its type by its ending, any case', () => {
    const pdf = sniffDocument(Buffer.from('%PDF-1.4'));
    expect(pdf && nameFits('SCAN.PDF', pdf)).toBe(true);
    expect(pdf && nameFits('scan.pdf.exe', pdf)).toBe(false);
  });

  it('offers a download under an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Résumé "1"; x.pdf')).toBe(`attachment; filename="R_sum_ _1__ x.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%221%22%3B%20x.pdf`);
  });
});
