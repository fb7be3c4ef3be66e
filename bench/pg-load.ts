import type pg from 'pg';

/**
 * After a bulk load: the indexes dropped for it built again (with the memory to do it fast, saying how long it
 * took), the loaded `tables` analysed, and the load's dirty pages written out now, not by the checkpointer during
 * the first measurements.
 */
export async function finishLoad(c: pg.Client, load: { indexes: { indexdef: string }[]; what: string; tables: string[] }, log: (s: string) => void): Promise<void> {
  const t1 = Date.now();
  await c.query('set maintenance_work_mem = \'512MB\'');
  for (const i of load.indexes) await c.query(i.indexdef);
  log(`  ${load.indexes.length} ${load.what} rebuilt in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  for (const table of load.tables) await c.query(`vacuum analyze ${table}`);
  await c.query('checkpoint');
}
