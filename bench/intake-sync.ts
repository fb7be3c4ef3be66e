/**
 * One measured capture sync for `npm run bench:intake`, in a process of its own so that its peak memory is
 * its own: the app's sync (CapturesService.sync, the code the sync job runs) of the leaf captures of the
 * capture stand-in at CAPTURE_URL into DATABASE_URL (or, without it, an in-memory PGlite migrated here
 * first). Prints one line of JSON: wall time, the pull's share, the sync's result counts, RSS and heap.
 */
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { CapturesService } from '../apps/server/src/features/leafs/captures.service';
import { type CaptureSource, createCaptureClient } from '../apps/server/src/platform/integrations/capture.client';
import { STAND_IN_CROPS } from './captures-data';

async function main() {
  const url = process.env.DATABASE_URL || undefined;
  const handle = await openDatabase({ url });
  try {
    if (!url) {
      await migrateToLatest(handle.db);
      await handle.db.insertInto('crops').values(STAND_IN_CROPS.map((name) => ({ name, factor: 1 }))).execute();
    }
    const client = createCaptureClient({ url: process.env.CAPTURE_URL, apiKey: process.env.CAPTURE_API_KEY, timeoutMs: 30_000 });
    let pulled = 0;
    const source: CaptureSource = {
      ...client,
      list: async (...args: Parameters<CaptureSource['list']>) => {
        const r = await client.list(...args);
        pulled = performance.now();
        return r;
      },
    };
    const service = new CapturesService(handle.db, source);
    await sql`select 1`.execute(handle.db);
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 5);
    const t0 = performance.now();
    const r = await service.sync('leaf', null);
    const t1 = performance.now();
    clearInterval(sampler);
    const after = process.memoryUsage();
    peakRss = Math.max(peakRss, after.rss);
    peakHeap = Math.max(peakHeap, after.heapUsed);
    if (!r.ok) throw new Error(`the sync failed: ${r.error}`);
    console.log(JSON.stringify({
      ms: t1 - t0, pullMs: pulled - t0, importMs: t1 - pulled, added: r.added, updated: r.updated, refused: r.refused,
      rssBefore: before.rss, rssPeak: peakRss, maxRss: process.resourceUsage().maxRSS * 1024, heapBefore: before.heapUsed, heapPeak: peakHeap,
    }));
  } finally {
    await handle.close();
  }
}

await main();
