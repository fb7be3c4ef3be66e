// Writes the new-database template of the compiled server (scripts/build-server.mjs runs this after the bundle,
// ADR 0175): an embedded database with every migration run and nothing else in it (no administrator, no file store
// record, no demo data), as a tarball of its data directory. A server starting on a new DATA_DIR loads it instead of
// creating the database's files and running every migration, the two slowest parts of a first start.
import { writeFileSync } from 'node:fs';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

export async function writeTemplate(path: string): Promise<void> {
  const handle = await openDatabase({});
  try {
    await migrateToLatest(handle.db);
    const tar = await handle.dumpDataDir?.();
    if (!tar) throw new Error('the embedded database cannot be dumped');
    writeFileSync(path, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

const out = process.argv[2];
if (out) await writeTemplate(out);
