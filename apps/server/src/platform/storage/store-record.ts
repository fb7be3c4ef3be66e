import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { FileStorage } from './file-storage';
import { type RecordedStore, recordStore, withRecordedStore } from './store-record.repository';
import { readAll } from './storage';

/**
 * One file store for every server of a database (issue 32, finding 6; ADR 0108). Two servers on one database
 * with different stores (each its own DATA_DIR and no FILES_DIR, say) would each find only its own files: a
 * logo, document or report written by one is "File not found." on the other. So at start each server checks
 * that its store is the database's:
 * - the store carries a mark, the file STORE_MARK_KEY holding a random id, written by the first server that used
 *   it (a store is the same store by its content, whatever path or URL a server reaches it by);
 * - the database records the id of its store (installation.file_store_id), recorded by the first server to start;
 * - a server whose store's mark is not the recorded id (another folder, another bucket, a store without the mark)
 *   refuses to start with a message naming FILES_DIR and S3_BUCKET.
 * The mark is an ordinary file of the store, so backups carry it and a restore keeps store and database matched.
 */
export const STORE_MARK_KEY = 'sapwood/file-store-id';

/** The store a server uses, as /readyz reports it: its kind and its id (no path, no bucket name). */
export interface FileStoreInUse {
  kind: 'folder' | 'bucket';
  id: string;
}

const ID = /^[0-9a-f]{32}$/;

async function readMark(storage: FileStorage): Promise<string | null> {
  const text = (await readAll(storage, STORE_MARK_KEY))?.toString('utf8').trim() ?? '';
  return ID.test(text) ? text : null;
}

function mismatch(storage: FileStorage, recorded: RecordedStore, mark: string | null): Error {
  const theirs = `${recorded.description} (${recorded.kind === 'bucket' ? 'an S3 bucket' : 'a folder'}, recorded ${recorded.recordedAt.toISOString()}, id ${recorded.id})`;
  const mine = `${storage.description}${mark ? ` (id ${mark})` : ', which does not hold the file store mark'}`;
  return new Error(
    `This server's file store, ${mine}, is not the file store the other servers of this database use: ${theirs}. ` +
      'Files one server writes would be "File not found." on the other. Give every server of a database the same ' +
      'file store: the same FILES_DIR (one folder all of them mount) or the same S3_BUCKET (with S3_URL and S3_PREFIX). ' +
      `If the files were moved on purpose, move them all, ${STORE_MARK_KEY} included (npm run backup and restore do).`,
  );
}

/**
 * Checks this server's store against the one recorded for the database, recording it (and marking the store) when
 * none is; throws the message above when they differ. Servers starting at once take their turn (a row lock).
 */
export async function checkFileStore(db: Db, storage: FileStorage): Promise<FileStoreInUse> {
  return withRecordedStore(db, async (trx, recorded) => {
    const mark = await readMark(storage);
    if (recorded) {
      if (mark !== recorded.id) throw mismatch(storage, recorded, mark);
      return { kind: storage.kind, id: mark };
    }
    const id = mark ?? randomBytes(16).toString('hex');
    if (!mark) await storage.put(STORE_MARK_KEY, Buffer.from(`${id}\n`));
    await recordStore(trx, { id, kind: storage.kind, description: storage.description });
    return { kind: storage.kind, id };
  });
}
