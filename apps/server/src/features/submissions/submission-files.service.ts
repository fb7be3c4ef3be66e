import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MANUAL_ENTRY_MESSAGES as M, SUBMISSION_FILE_MAX_BYTES, type SubmissionDocument, type UploadedFilePart, isManualLab } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { fieldError, notFound, validationError } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { cleanFileName, nameFits, sniffDocument } from '../../platform/storage/document-types';
import type { FileStorage } from '../../platform/storage/storage';
import { type NewDocument, SubmissionFilesRepository } from './submission-files.repository';
import { submissionOf } from './submission-states.service';

type Kind = 'leaf' | 'soil';

/** A document ready to download: its name, content type, size and bytes. */
export interface DocumentDownload {
  name: string;
  contentType: string;
  size: number;
  stream: Readable;
}

type Checked = Omit<NewDocument, 'storageKey' | 'submissionId' | 'uploadedBy'> & { data: Uint8Array };

const hashOf = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Refuses the files that are too large or not an accepted document by their content (or whose name does not
 * end as that kind of file should), naming each at `files.{i}`; answers the accepted ones otherwise.
 */
function checkFiles(files: UploadedFilePart[]): Checked[] {
  const problems: { field: string; message: string }[] = [];
  const checked: Checked[] = [];
  for (const [i, f] of files.entries()) {
    const type = f.data.length > SUBMISSION_FILE_MAX_BYTES ? undefined : sniffDocument(f.data);
    const name = cleanFileName(f.filename, '');
    if (type === undefined) problems.push({ field: `files.${i}`, message: M.fileSize });
    else if (!type || !nameFits(name, type)) problems.push({ field: `files.${i}`, message: M.fileType });
    else checked.push({ name, contentType: type.contentType, size: f.data.length, data: f.data, contentHash: hashOf(f.data) });
  }
  if (problems.length) throw validationError(problems);
  return checked;
}

/**
 * The documents of a submission (spec §2 Files dialog, §3 Document/file; ADR 0089): the list, the upload of
 * the manual entry's Upload files dialog (a Manual or manual-farmer submission not archived; every file checked
 * by its content and size before any is kept; the bytes go to the file store, then the rows and the audit
 * record in one transaction; a failure removes the bytes again) and the download of one.
 */
export class SubmissionFilesService {
  private readonly files = new SubmissionFilesRepository();

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  async list(kind: Kind, submissionId: number): Promise<SubmissionDocument[]> {
    await submissionOf(this.db, kind, submissionId);
    return this.files.list(this.db, submissionId);
  }

  async upload(kind: Kind, submissionId: number, files: UploadedFilePart[], userId: number | null): Promise<SubmissionDocument[]> {
    const open = async (db: Db, forUpdate: boolean) => {
      const s = await submissionOf(db, kind, submissionId, forUpdate);
      if (!isManualLab(s.lab)) throw fieldError('submissionId', M.notManual);
      if (s.state === 'Archived') throw fieldError('submissionId', M.notOpen);
    };
    await open(this.db, false);
    // a file whose bytes the submission already holds (or that comes twice) is not kept again (issue 35)
    const known = await this.files.hashes(this.db, submissionId);
    const checked = checkFiles(files).filter((c, i, all) => !known.has(c.contentHash) && all.findIndex((o) => o.contentHash === c.contentHash) === i);
    const docs: NewDocument[] = checked.map((c) => ({
      submissionId, name: c.name, contentType: c.contentType, size: c.size, uploadedBy: userId, contentHash: c.contentHash, storageKey: `submission-files/${submissionId}/${randomUUID()}`,
    }));
    if (docs.length === 0) return [];
    const stored: string[] = [];
    try {
      for (const [i, d] of docs.entries()) {
        await this.storage.put(d.storageKey, Buffer.from(checked[i].data));
        stored.push(d.storageKey);
      }
      return await this.db.transaction().execute(async (trx) => {
        await open(trx, true); // archived meanwhile: nothing is kept
        const saved = await this.files.insert(trx, docs);
        await recordChange(trx, {
          userId, entity: 'submission', entityId: submissionId, action: 'update', reason: 'Files uploaded',
          oldValues: { files: null }, newValues: { files: saved.map((d) => ({ id: d.id, name: d.name, size: d.size })) },
        });
        return saved;
      });
    } catch (err) {
      await Promise.allSettled(stored.map((k) => this.storage.delete(k)));
      throw err;
    }
  }

  /**
   * Deletes documents of a submission not archived (spec: deletefiles): the rows and the audit record in one
   * transaction, then the bytes. An id that is not one of the submission's answers 404 and nothing is deleted.
   */
  async remove(kind: Kind, submissionId: number, fileIds: readonly number[], userId: number): Promise<true> {
    const ids = [...new Set(fileIds)];
    const removed = await this.db.transaction().execute(async (trx) => {
      const s = await submissionOf(trx, kind, submissionId, true);
      if (s.state === 'Archived') throw fieldError('submissionId', M.notOpen);
      const gone = await this.files.remove(trx, submissionId, ids);
      if (gone.length !== ids.length) throw notFound('File');
      await recordChange(trx, {
        userId, entity: 'submission', entityId: submissionId, action: 'update', reason: 'Files deleted',
        oldValues: { files: gone.map((d) => ({ id: d.id, name: d.name })) }, newValues: { files: null },
      });
      return gone;
    });
    await Promise.allSettled(removed.map((d) => this.storage.delete(d.storageKey)));
    return true;
  }

  /** The document when it is one of the submission's (of the kind), else 404. */
  async download(kind: Kind, submissionId: number, fileId: number): Promise<DocumentDownload> {
    const doc = await this.files.find(this.db, kind, submissionId, fileId);
    const stream = doc ? await this.storage.get(doc.storageKey) : null;
    if (!doc || !stream) throw notFound('File');
    return { name: doc.name, contentType: doc.contentType, size: doc.size, stream };
  }
}
