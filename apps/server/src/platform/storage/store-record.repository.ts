import type { Db } from '../../db/database';

/** The file store recorded for this database (migration 0220), when one is. */
export interface RecordedStore {
  id: string;
  kind: 'folder' | 'bucket';
  description: string;
  recordedAt: Date;
}

/**
 * Runs `work` holding the installation row locked, with the file store recorded there: the servers of a database
 * starting at once check (and the first records) their store one after another.
 */
export async function withRecordedStore<T>(db: Db, work: (trx: Db, recorded: RecordedStore | null) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('installation').values({ id: 1 }).onConflict((oc) => oc.column('id').doNothing()).execute();
    const row = await trx
      .selectFrom('installation')
      .select(['file_store_id', 'file_store_kind', 'file_store_description', 'file_store_recorded_at'])
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const recorded = row.file_store_id
      ? { id: row.file_store_id, kind: row.file_store_kind ?? 'folder', description: row.file_store_description ?? '', recordedAt: row.file_store_recorded_at ?? new Date(0) }
      : null;
    return work(trx, recorded);
  });
}

export async function recordStore(trx: Db, store: { id: string; kind: 'folder' | 'bucket'; description: string }): Promise<void> {
  await trx
    .updateTable('installation')
    .set({ file_store_id: store.id, file_store_kind: store.kind, file_store_description: store.description, file_store_recorded_at: new Date() })
    .where('id', '=', 1)
    .execute();
}
