// npm run backup -- FILE: the database (embedded PGlite under DATA_DIR, or the PostgreSQL server of
// DATABASE_URL through pg_dump) and every file of the file store (the folder FILES_DIR, or the objects of
// the S3 bucket S3_BUCKET under S3_PREFIX) in one archive.
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type Config, loadConfig } from '../config';
import { isValidKey } from '../platform/storage/storage';
import { ArchiveWriter, type Manifest } from './archive';
import { assertNotInUse, openFileStore, parseArgs, pgConnection, pgTool, pgliteDirOf, run } from './ops-common';

export interface BackupSummary {
  kind: Manifest['kind'];
  files: number;
  /** where the files came from, in words */
  fileStore: string;
  /** names in the file store the app never writes (left out: a restore would refuse them) */
  skipped: string[];
}

export async function backup(file: string, config: Config): Promise<BackupSummary> {
  const kind: Manifest['kind'] = config.DATABASE_URL ? 'postgres' : 'pglite';
  const storage = await openFileStore(config);
  const work = await mkdtemp(join(tmpdir(), 'sapwood-backup-'));
  const partial = `${file}.partial`;
  try {
    let dump: Buffer | string;
    if (config.DATABASE_URL) {
      const pgDump = await pgTool('pg_dump', config.DATABASE_URL);
      dump = join(work, 'database.dump');
      const db = pgConnection(config.DATABASE_URL);
      await run(pgDump, ['--format=custom', `--file=${dump}`, `--dbname=${db.dbname}`], { maxBuffer: 64 * 1024 * 1024, env: db.env });
    } else {
      assertNotInUse(config);
      if (!existsSync(join(pgliteDirOf(config), 'PG_VERSION'))) throw new Error(`There is no embedded database under DATA_DIR ${config.DATA_DIR}`);
      const lite = await PGlite.create(pgliteDirOf(config));
      try {
        dump = Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer());
      } finally {
        await lite.close();
      }
    }
    const all = await storage.list();
    const files = all.filter(isValidKey);
    const manifest: Manifest = {
      kind,
      createdAt: new Date().toISOString(),
      appVersion: config.APP_VERSION,
      databaseFormat: kind === 'postgres' ? 'pg_dump-custom' : 'pglite-datadir-tar',
      files: files.length,
      fileStore: config.S3_BUCKET ? 's3' : 'folder',
    };
    const out = new ArchiveWriter(partial);
    await out.addBuffer('manifest', Buffer.from(JSON.stringify(manifest)));
    if (typeof dump === 'string') await out.addFile('database', dump);
    else await out.addBuffer('database', dump);
    for (const f of files) await out.addStream('file', () => storage.get(f), f);
    await out.close();
    await rename(partial, file);
    return { kind, files: files.length, fileStore: storage.description, skipped: all.filter((f) => !isValidKey(f)) };
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  } finally {
    storage.close?.();
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { file } = parseArgs(process.argv.slice(2), 'usage: npm run backup -- FILE');
  try {
    const s = await backup(resolve(file), loadConfig());
    const what = s.kind === 'postgres' ? 'the PostgreSQL server database (pg_dump)' : 'the embedded database';
    if (s.skipped.length) console.error(`Left out ${s.skipped.length} file(s) the app does not write: ${s.skipped.slice(0, 10).join(', ')}${s.skipped.length > 10 ? ', …' : ''}`);
    console.log(`Backed up ${what} and ${s.files} file(s) of the file store (${s.fileStore}) to ${file}`);
  } catch (e) {
    console.error(`Backup failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
