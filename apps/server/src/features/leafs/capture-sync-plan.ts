import type { CaptureSyncResult } from '@sapwood/contracts';
import type { CaptureWrite, StoredCapture } from './captures.repository';

/** How many refused captures a sync's result names (its count says how many there are; the Refused list shows them all). */
export const REFUSED_TOLD = 50;

/**
 * What a sync does with the captures pulled, against what is stored of them: new ones added, changed ones
 * updated, imported ones the app has not changed left. A refused capture is looked at again on every sync
 * (a crop added since may make it importable) and told in every sync's result until one accepts it; one
 * refused again for the same reason and unchanged is left as it is. Captures of the list without a usable id
 * (`unreadable`) cannot be stored: they are counted and told by where they were in the list.
 */
export function planSync(kind: 'leaf' | 'soil', writes: readonly CaptureWrite[], stored: ReadonlyMap<string, StoredCapture>, unreadable: readonly { where: string; reason: string }[] = []) {
  const result: CaptureSyncResult = { kind, ok: true, error: null, added: 0, updated: 0, unchanged: 0, refused: unreadable.length, refusedCaptures: [] };
  for (const u of unreadable.slice(0, REFUSED_TOLD)) result.refusedCaptures.push({ key: `(${u.where})`, reason: u.reason });
  const inserts: CaptureWrite[] = [];
  const updates: { id: number; write: CaptureWrite }[] = [];
  const seen = new Set<string>();
  for (const write of writes) {
    const { key, updatedAt, reason } = write;
    // the app's list repeats no key; if it ever did, the first one counts
    if (seen.has(key)) continue;
    seen.add(key);
    const old = stored.get(key);
    const unchanged = old !== undefined && old.updatedAt === updatedAt;
    if (unchanged && old.refusedReason === null) {
      result.unchanged += 1;
      continue;
    }
    if (reason !== null) {
      result.refused += 1;
      if (result.refusedCaptures.length < REFUSED_TOLD) result.refusedCaptures.push({ key, reason });
    }
    if (unchanged && old.refusedReason === reason) continue;
    if (old) {
      updates.push({ id: old.id, write });
      result.updated += 1;
    } else {
      inserts.push(write);
      result.added += 1;
    }
  }
  return { result, inserts, updates };
}
