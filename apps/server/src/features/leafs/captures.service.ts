import { type CaptureSyncResult, LEAF_MESSAGES, capturePhotoUrl } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import type { CaptureSource } from '../../platform/integrations/capture.client';
import { OutsideSystemError } from '../../platform/integrations/http-json';
import { archiveCaptures } from './capture-archive';
import { mapCapture, readCapture } from './capture-mapping';
import { planSync } from './capture-sync-plan';
import { type CaptureWrite, CapturesRepository } from './captures.repository';

/** Intake from the field capture app: pull, map, import (all or nothing, one sync at a time). */
export class CapturesService {
  readonly repo: CapturesRepository;

  constructor(
    private readonly db: Db,
    private readonly source: CaptureSource,
  ) {
    this.repo = new CapturesRepository(db);
  }

  /**
   * Pulls every capture of the kind (all pages first: a failure part way imports nothing), maps each, then
   * imports them in one transaction under the kind's sync lock, against what is stored once the lock is held.
   * `progress` (0–100) hears of each page pulled (up to 70) and of the import starting; it is never called
   * while the import's transaction is open (on PGlite that transaction holds the one connection).
   */
  async sync(kind: 'leaf' | 'soil', userId: number | null, progress: (pct: number, message?: string) => Promise<void> = async () => undefined): Promise<CaptureSyncResult> {
    let pulled;
    const reading = `Reading the capture app’s ${kind === 'leaf' ? 'leaf captures' : 'farmers’ samples'}…`;
    try {
      await progress(0, reading);
      pulled = await this.source.list(kind, (page, pageCount) => progress(Math.floor((70 * page) / Math.max(1, pageCount)), `${reading} ${page} of ${pageCount} pages read`));
    } catch (err) {
      if (!(err instanceof OutsideSystemError)) throw err;
      return { kind, ok: false, error: `${err.message}. Nothing was imported.`, added: 0, updated: 0, unchanged: 0, refused: 0, refusedCaptures: [] };
    }
    const crops = await this.repo.cropNames();
    const writes = pulled.captures.map((c): CaptureWrite => {
      // a capture the database could not take as it came is refused with its problem (and kept as a storable copy)
      const m = c.problem ? { mapped: null, reason: c.problem } : mapCapture(kind, c.original, crops);
      return { kind, key: c.key, updatedAt: c.updatedAt, original: c.original, ...m, read: m.reason === null ? null : readCapture(c.original) };
    });
    await progress(75, `Importing ${pulled.captures.length} captures…`);
    return this.db.transaction().execute(async (trx) => {
      await this.repo.lockSync(trx, kind);
      const stored = await this.repo.stored(trx, kind, [...new Set(writes.map((w) => w.key))]);
      const { result, inserts, updates } = planSync(kind, writes, stored, pulled.unreadable);
      await this.repo.insertMany(trx, inserts);
      await this.repo.updateMany(trx, updates);
      await recordChange(trx, { userId, entity: `${kind}_sync`, entityId: 0, action: 'create', newValues: { ...result, refusedCaptures: result.refusedCaptures.length } });
      return result;
    });
  }

  /** Archive (Not Completed → Archived) or restore (Archived → Not Completed), with an audit record. */
  archive(kind: 'leaf' | 'soil', ids: number[], archive: boolean, userId: number): Promise<true> {
    return archiveCaptures(this.db, kind, ids, archive, userId);
  }

  updateLab(id: number, lab: string, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const r = await this.repo.labOf(trx, id);
      if (!r) throw notFound('Leaf record');
      // a submitted row shows the lab its submission went to (ADR 0251)
      if (r.status === 'Completed') throw conflict(LEAF_MESSAGES.labOfSubmitted);
      await this.repo.setLab(trx, id, lab);
      await recordChange(trx, { userId, entity: 'capture', entityId: id, action: 'update', oldValues: { lab: r.lab }, newValues: { lab } });
      return true as const;
    });
  }

  async apiData(id: number, kind: 'leaf' | 'soil') {
    const r = await this.repo.apiData(id, kind);
    if (!r) throw notFound(kind === 'leaf' ? 'Leaf record' : 'Farmers sample');
    const mapped = r.mapped && typeof r.mapped === 'object' ? { ...r.mapped, photoUrl: r.photoPath ? capturePhotoUrl(r.photoPath) : null } : r.mapped;
    return { original: r.original, mapped, testLeafData: null };
  }
}
