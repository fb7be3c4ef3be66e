import type { PhotoSyncResult } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { HttpError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { removeImage, storeImage } from '../../platform/images/stored-images';
import { prepareImage } from '../../platform/images/uploads';
import type { CaptureSource } from '../../platform/integrations/capture.client';
import { OutsideSystemError } from '../../platform/integrations/http-json';
import type { FileStorage } from '../../platform/storage/storage';
import type { CapturesRepository } from './captures.repository';

const PHOTO = { tooLarge: 'The capture app sent a photo larger than 5 MB', notImage: 'The capture app sent a photo that is not a PNG, JPEG or WebP image', unreadable: 'The capture app sent a photo that cannot be read' };
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A leaf record's photo and location, read again from the capture app: the photo checked to be an image,
 * re-encoded and kept in the file store (the old one goes once the new one is linked); a failing app or
 * photo leaves the record as it was and says why.
 */
export async function syncPhotoAndLocation(db: Db, repo: CapturesRepository, source: CaptureSource, storage: FileStorage, id: number, userId: number): Promise<PhotoSyncResult> {
  const row = await repo.photoOf(id, 'leaf');
  if (!row) throw notFound('Leaf record');
  let photoPath: string | null = null;
  let location: { latitude: number | null; longitude: number | null };
  try {
    const capture = await source.one('leaf', row.key);
    const loc = (capture.original.location ?? {}) as { lat?: unknown; lng?: unknown };
    location = { latitude: num(loc.lat), longitude: num(loc.lng) };
    const ref = typeof capture.original.photo === 'string' ? capture.original.photo : null;
    if (ref) {
      const image = await prepareImage({ filename: 'photo', mimetype: '', data: await source.photo(ref) }, PHOTO, 'photo');
      photoPath = await storeImage(storage, 'captures', image);
    }
  } catch (err) {
    if (err instanceof OutsideSystemError || err instanceof HttpError) return { ok: false, error: err.message, photoPath: row.photoPath, latitude: null, longitude: null };
    throw err;
  }
  try {
    await db.transaction().execute(async (trx) => {
      await repo.setPhotoAndLocation(trx, id, { photoPath, ...location });
      await recordChange(trx, { userId, entity: 'capture', entityId: id, action: 'update', oldValues: { photoPath: row.photoPath }, newValues: { photoPath, ...location } });
    });
  } catch (err) {
    if (photoPath) await removeImage(storage, 'captures', photoPath).catch(() => undefined);
    throw err;
  }
  if (row.photoPath && row.photoPath !== photoPath) await removeImage(storage, 'captures', row.photoPath).catch(() => undefined);
  return { ok: true, error: null, photoPath, ...location };
}
