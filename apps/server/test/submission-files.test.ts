import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MANUAL_ENTRY_MESSAGES as M, SUBMISSION_FILE_MAX_BYTES, type SubmissionDocument, farmersSubmissionResultEndpoints as farmers, submissionResultEndpoints as leaf,
} from '@sapwood/contracts';
import { ZipWriter } from '../src/platform/excel/zip-stream';
import { createUser, signedIn } from '../../../tests/support/users';
import { fieldsOf, withWorld } from './submission-results.fixtures';

/**
 * The documents of a submission (issue 14, ADR 0089) over HTTP against a real database and the file store:
 * uploads of several files under one field checked by their content and size (a refusal names the file at
 * `files.{i}` and keeps nothing), the list, the download byte for byte under its name, and 404 for a file of
 * another submission or kind.
 */
const world = withWorld();
const db = () => world.w.server.built.deps.db;

interface Upload { name: string; data: Buffer; type?: string }

async function upload(submissionId: number | string, files: Upload[], endpoint: typeof leaf.uploadFiles = leaf.uploadFiles, cookie = world.w.staff.cookie) {
  const form = new FormData();
  form.append('submissionId', String(submissionId));
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = await fetch(world.w.server.url + endpoint.path, { method: 'POST', body: form, headers: { cookie } });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as unknown };
}

async function download(submissionId: number, fileId: number, endpoint: typeof leaf.downloadDocument = leaf.downloadDocument) {
  const res = await fetch(`${world.w.server.url}${endpoint.path}?fileId=${fileId}&submissionId=${submissionId}`, { headers: { cookie: world.w.staff.cookie } });
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}

const rows = (submissionId: number) => db().selectFrom('submission_files').selectAll().where('submission_id', '=', submissionId).orderBy('id').execute();
const storedKeys = async () => (await readdir(join(world.w.server.built.deps.config.DATA_DIR, 'files', 'submission-files'), { recursive: true, withFileTypes: true }).catch(() => []))
  .filter((d) => d.isFile()).map((d) => d.name).sort();

async function zip(entries: Record<string, string>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const z = new ZipWriter(out);
  for (const [name, text] of Object.entries(entries)) await z.file(name, text);
  await z.end();
  return Buffer.concat(chunks);
}

const pdf = (size = 0) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - 6), 0x20), Buffer.from('%%EOF\n')]);
};
const png = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#3a7' } }).png().toBuffer();
async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Results').addRow(['Sample', 'N %']);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const docx = () => zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
const csv = Buffer.from('Sample,N %,Note\nA-1,2.5,Résultat ✓\n', 'utf8');

describe('uploading documents', () => {
  it('keeps a PDF, a PNG, an .xlsx, a .docx and a CSV sent together, lists them, and gives each back byte for byte under its name', async () => {
    const { id } = await world.w.submitted('leaf', 'Manual');
    const files: Upload[] = [
      { name: 'Lab report.pdf', data: pdf(), type: 'application/pdf' },
      { name: 'photo.PNG', data: await png(), type: 'image/png' },
      { name: 'results.xlsx', data: await xlsx() },
      { name: 'notes.docx', data: await docx() },
      { name: 'Résultats "2026".csv', data: csv, type: 'text/csv' },
    ];
    const r = await upload(id, files);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const saved = r.body as SubmissionDocument[];
    expect(saved.map((d) => [d.name, d.size])).toEqual([
      ['Lab report.pdf', files[0].data.length], ['photo.PNG', files[1].data.length], ['results.xlsx', files[2].data.length],
      ['notes.docx', files[3].data.length], ['Résultats "2026".csv', csv.length],
    ]);
    expect((await rows(id)).map((x) => x.content_type)).toEqual([
      'application/pdf', 'image/png', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain; charset=utf-8',
    ]);
    const audit = await db().selectFrom('audit_log').select(['entity', 'entity_id', 'user_id']).where('entity', '=', 'submission').where('entity_id', '=', String(id)).execute();
    expect(audit).toContainEqual({ entity: 'submission', entity_id: String(id), user_id: world.w.staffId });

    const listed = await world.w.staff.call(leaf.getDocs, { id });
    expect(listed.status).toBe(200);
    expect((listed.body as { id: number; name: string }[]).map((d) => [d.id, d.name])).toEqual(saved.map((d) => [d.id, d.name]));

    for (const [i, doc] of saved.entries()) {
      const got = await download(id, doc.id);
      expect(got.status).toBe(200);
      expect(got.data.equals(files[i].data), doc.name).toBe(true);
    }
    const report = await download(id, saved[0].id);
    expect(report.headers.get('content-type')).toBe('application/pdf');
    expect(report.headers.get('content-disposition')).toBe(`attachment; filename="Lab report.pdf"; filename*=UTF-8''Lab%20report.pdf`);
    expect(report.headers.get('x-content-type-options')).toBe('nosniff');
    const named = await download(id, saved[4].id);
    expect(named.headers.get('content-disposition')).toBe(`attachment; filename="R_sultats _2026_.csv"; filename*=UTF-8''R%C3%A9sultats%20%222026%22.csv`);
  });

  it('takes one file sent alone, and a file of exactly 10 MB', async () => {
    const { id } = await world.w.submitted('soil', 'ManualFarmer', { entries: 1 });
    const big = pdf(SUBMISSION_FILE_MAX_BYTES);
    const r = await upload(id, [{ name: 'scan.pdf', data: big }], farmers.uploadFiles);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [doc] = r.body as SubmissionDocument[];
    expect(doc.size).toBe(SUBMISSION_FILE_MAX_BYTES);
    const got = await download(id, doc.id, farmers.downloadDocument);
    expect(got.data.equals(big)).toBe(true);
    expect((await world.w.staff.call(farmers.getDocs, { id })).body).toHaveLength(1);
  }, 30_000);

  it('refuses by content (a program, random bytes named .pdf, text named .pdf, a zip that is no Office file) and size, naming each file, and keeps nothing', async () => {
    const { id } = await world.w.submitted('leaf', 'Manual');
    const before = await storedKeys();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(2000)]);
    const r = await upload(id, [
      { name: 'fine.pdf', data: pdf() },
      { name: 'setup.exe', data: exe },
      { name: 'report.pdf', data: Buffer.concat([Buffer.from([0xff, 0x00]), randomBytes(4000)]) },
      { name: 'report2.pdf', data: csv },
      { name: 'book.xlsx', data: await zip({ 'hello.txt': 'hi' }) },
      { name: 'huge.pdf', data: pdf(SUBMISSION_FILE_MAX_BYTES + 1) },
    ]);
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ 'files.1': M.fileType, 'files.2': M.fileType, 'files.3': M.fileType, 'files.4': M.fileType, 'files.5': M.fileSize });
    expect(await rows(id)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  }, 30_000);

  it('answers a file far over the limit with a 400 at its field (not a 413), and more than ten files with a 400', async () => {
    const { id } = await world.w.submitted('leaf', 'Manual');
    const r = await upload(id, [{ name: 'a.pdf', data: pdf() }, { name: 'huge.pdf', data: pdf(25 * 1024 * 1024) }]);
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual({ 'files.1': M.fileSize });
    const many = await upload(id, Array.from({ length: 11 }, (_x, i) => ({ name: `f${i}.pdf`, data: pdf() })));
    expect(many.status).toBe(400);
    expect(Object.keys(fieldsOf(many.body))).toEqual(['files']);
    const none = await upload(id, []);
    expect(none.status).toBe(400);
    expect(fieldsOf(none.body)).toHaveProperty('files');
    expect(await rows(id)).toEqual([]);
  }, 60_000);

  it('refuses a submission whose lab sends its results, an archived one, one of the other kind or none; needs the permission', async () => {
    const nv = await world.w.submitted('soil', 'NvirotekFarmer', { entries: 1 });
    expect(fieldsOf((await upload(nv.id, [{ name: 'a.pdf', data: pdf() }], farmers.uploadFiles)).body)).toEqual({ submissionId: M.notManual });
    const { id, sheet } = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    expect((await upload(id, [{ name: 'a.pdf', data: pdf() }], farmers.uploadFiles)).status).toBe(404);
    expect((await upload(999_999, [{ name: 'a.pdf', data: pdf() }])).status).toBe(404);
    const saved = await world.w.staff.call(leaf.updateManual, { submissionId: id, submit: true, manualResult: [{ sampleId: sheet.rows[0].sampleId, labNumber: 'L-1', rowVersion: 0 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await world.w.staff.call(leaf.archive, { id })).status).toBe(200);
    expect(fieldsOf((await upload(id, [{ name: 'a.pdf', data: pdf() }])).body)).toEqual({ submissionId: M.notOpen });
    const viewer = await signedIn(world.w.server.url, await createUser(db(), ['Submissions']));
    expect((await upload(id, [{ name: 'a.pdf', data: pdf() }], leaf.uploadFiles, viewer.cookie)).status).toBe(403);
    expect((await viewer.call(leaf.getDocs, { id })).status).toBe(200);
  });
});

describe('downloading a document', () => {
  it('answers 404 for a file of another submission, of the other kind, or none', async () => {
    const a = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    const b = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    const [doc] = (await upload(a.id, [{ name: 'a.pdf', data: pdf() }])).body as SubmissionDocument[];
    expect((await download(a.id, doc.id)).status).toBe(200);
    expect((await download(b.id, doc.id)).status).toBe(404);
    expect((await download(a.id, doc.id, farmers.downloadDocument)).status).toBe(404);
    expect((await download(a.id, 999_999)).status).toBe(404);
    expect((await world.w.staff.call(leaf.getDocs, { id: b.id })).body).toEqual([]);
    expect((await world.w.staff.call(farmers.getDocs, { id: a.id })).status).toBe(404);
  });
});

describe('the same file twice, a .txt, and deleting (issue 35)', () => {
  it('keeps the same bytes once (another name, another upload), and refuses a .txt though its content is text', async () => {
    const { id } = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    const first = await upload(id, [{ name: 'report.pdf', data: pdf() }, { name: 'copy of report.pdf', data: pdf() }]);
    expect((first.body as SubmissionDocument[]).map((d) => d.name)).toEqual(['report.pdf']);
    const again = await upload(id, [{ name: 'report (1).pdf', data: pdf() }]);
    expect(again.status).toBe(200);
    expect(again.body).toEqual([]);
    expect((await world.w.staff.call(leaf.getDocs, { id })).body.map((d: SubmissionDocument) => d.name)).toEqual(['report.pdf']);
    expect(fieldsOf((await upload(id, [{ name: 'notes.txt', data: Buffer.from('plain text\n') }])).body)).toEqual({ 'files.0': M.fileType });
  });

  it('deletes a document with SubmissionsDelete: the row, its bytes and an audit record; refuses others and unknown ids', async () => {
    const { id } = await world.w.submitted('leaf', 'Manual', { entries: 1 });
    const [doc, keep] = (await upload(id, [{ name: 'a.pdf', data: pdf() }, { name: 'b.pdf', data: pdf(200) }])).body as SubmissionDocument[];
    const before = (await storedKeys()).length;
    const viewer = await signedIn(world.w.server.url, await createUser(db(), ['Submissions', 'SubmissionsWaitingForLab']));
    expect((await viewer.call(leaf.deleteFiles, { submissionId: id, fileIds: [doc.id] })).status).toBe(403);
    const bad = await world.w.staff.call(leaf.deleteFiles, { submissionId: id, fileIds: [doc.id, 999_999] });
    expect(bad.status).toBe(404);
    expect((await world.w.staff.call(farmers.deleteFiles, { submissionId: id, fileIds: [doc.id] })).status).toBe(404);
    expect((await rows(id)).length).toBe(2);
    const r = await world.w.staff.call(leaf.deleteFiles, { submissionId: id, fileIds: [doc.id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await rows(id)).map((x) => x.id)).toEqual([keep.id]);
    expect((await storedKeys()).length).toBe(before - 1);
    const audit = await db().selectFrom('audit_log').select(['reason', 'old_values']).where('entity', '=', 'submission').where('entity_id', '=', String(id)).where('reason', '=', 'Files deleted').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].old_values)).toContain('a.pdf');
    // the same file may be uploaded again once deleted
    expect(((await upload(id, [{ name: 'a.pdf', data: pdf() }])).body as SubmissionDocument[]).length).toBe(1);
  });
});
