import type { SubmissionDocument } from '@sapwood/contracts';
import type { Db } from '../../db/database';

type Kind = 'leaf' | 'soil';

/** A stored document as a download needs it. */
export interface StoredDocument {
  name: string;
  storageKey: string;
  contentType: string;
  size: number;
}

export interface NewDocument {
  submissionId: number;
  name: string;
  storageKey: string;
  contentType: string;
  size: number;
  uploadedBy: number | null;
  contentHash: string;
}

const DOCUMENT = ['id', 'name', 'size', 'uploaded_at as uploadedAt'] as const;

/** SQL of the documents uploaded to submissions (`submission_files`, owned by this feature). */
export class SubmissionFilesRepository {
  /** The submission's documents, oldest first. */
  list(db: Db, submissionId: number): Promise<SubmissionDocument[]> {
    return db.selectFrom('submission_files').select(DOCUMENT).where('submission_id', '=', submissionId).orderBy('id').execute();
  }

  /** Adds documents (already in the file store) in one statement, answering them in the order given. */
  insert(trx: Db, docs: NewDocument[]): Promise<SubmissionDocument[]> {
    return trx.insertInto('submission_files')
      .values(docs.map((d) => ({
        submission_id: d.submissionId, name: d.name, storage_key: d.storageKey, content_type: d.contentType, size: d.size, uploaded_by: d.uploadedBy, content_hash: d.contentHash,
      })))
      // the same bytes uploaded twice at once: kept once
      .onConflict((oc) => oc.columns(['submission_id', 'content_hash']).where('content_hash', 'is not', null).doNothing())
      .returning(DOCUMENT).execute()
      .then((rows) => rows.sort((a, b) => a.id - b.id));
  }

  /** The content hashes of the submission's documents already kept, with their ids (the same file again is not kept twice). */
  async hashes(db: Db, submissionId: number): Promise<Map<string, number>> {
    const rows = await db.selectFrom('submission_files').select(['id', 'content_hash']).where('submission_id', '=', submissionId).where('content_hash', 'is not', null).execute();
    return new Map(rows.map((r) => [r.content_hash!, r.id]));
  }

  /** Removes the submission's documents of these ids, answering what was removed (its bytes are the caller's to delete). */
  remove(trx: Db, submissionId: number, fileIds: readonly number[]): Promise<{ id: number; name: string; storageKey: string }[]> {
    if (fileIds.length === 0) return Promise.resolve([]);
    return trx.deleteFrom('submission_files').where('submission_id', '=', submissionId).where('id', 'in', fileIds)
      .returning(['id', 'name', 'storage_key as storageKey']).execute();
  }

  /** The document `fileId` when it belongs to submission `submissionId` of the kind; undefined otherwise. */
  find(db: Db, kind: Kind, submissionId: number, fileId: number): Promise<StoredDocument | undefined> {
    return db.selectFrom('submission_files as f')
      .innerJoin('submissions as s', 's.id', 'f.submission_id')
      .select(['f.name', 'f.storage_key as storageKey', 'f.content_type as contentType', 'f.size'])
      .where('f.id', '=', fileId).where('f.submission_id', '=', submissionId).where('s.kind', '=', kind)
      .executeTakeFirst();
  }
}
