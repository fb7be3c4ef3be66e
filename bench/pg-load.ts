import type pg from 'pg';

/** The indexes dropped for a bulk load built again (with the memory to do it fast), saying how long it took. */
export async function rebuildIndexes(c: pg.Client, indexes: { indexdef: string }[], log: (s: string) => void, what: string): Promise<void> {
  const t1 = Date.now();
  await c.query('set maintenance_work_mem = \'512MB\'');
  for (const i of indexes) await c.query(i.indexdef);
  log(`  ${indexes.length} ${what} rebuilt in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
}
