// npm run restore -- FILE [--force]: puts a backup (npm run backup) into the database and file store the
// server is configured with (DATA_DIR / DATABASE_URL / FILES_DIR or S3_BUCKET). Refuses a non-empty target
// without --force. The files go into whichever store is configured, so a folder's backup may be restored
// into an S3 bucket (and back).
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type Config, loadConfig } from '../config';
import { withPgClient } from '../db/pg-client';
import { type FileStorage, isValidKey } from '../platform/storage/storage';
import { type EntryHeader, type Manifest, readArchive, toBuffer, toFile } from './archive';
import { assertNotInUse, filesDirOf, openFileStore, parseArgs, pgConnection, pgTool, pgliteDirOf, run, userTables } from './ops-common';

export interface RestoreSummary {
  manifest: Manifest;
  tables: number;
  files: number;
  /** where the files went, in words */
  fileStore: string;
}

/** What the target already holds, in words; empty when there is nothing. */
async function existing(config: Config, storage: FileStorage): Promise<string[]> {
  const found: string[] = [];
  if (config.DATABASE_URL) {
    const tables = await withPgClient(config.DATABASE_URL, userTables);
    if (tables.length) found.push(`the database has ${tables.length} table(s)`);
  } else if (existsSync(join(pgliteDirOf(config), 'PG_VERSION'))) found.push(`an embedded database exists under ${pgliteDirOf(config)}`);
  const files = await storage.list();
  if (files.length) found.push(`the file store (${storage.description}) holds ${files.length} file(s)`);
  return found;
}

export async function restore(file: string, config: Config, opts: { force?: boolean } = {}): Promise<RestoreSummary> {
  const target: Manifest['kind'] = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (target === 'pglite') assertNotInUse(config);
  const entries = readArchive(file);
  const first = await entries.next();
  if (first.done || first.value.header.type !== 'manifest') throw new Error(`${file} does not start with a manifest`);
  const manifest = JSON.parse((await toBuffer(first.value.body)).toString()) as Manifest;
  if (manifest.kind !== target) {
    const want = manifest.kind === 'postgres' ? 'DATABASE_URL set to a PostgreSQL server database' : 'DATABASE_URL unset (the embedded database under DATA_DIR)';
    throw new Error(`${file} is a backup of ${manifest.kind === 'postgres' ? 'a PostgreSQL server' : 'the embedded'} database; restore it with ${want}`);
  }
  const storage = await openFileStore(config);
  try {
    return await restoreInto(file, config, storage, entries, manifest, opts);
  } finally {
    storage.close?.();
  }
}

async function restoreInto(
  file: string,
  config: Config,
  storage: FileStorage,
  entries: AsyncGenerator<{ header: EntryHeader; body: Readable }>,
  manifest: Manifest,
  opts: { force?: boolean },
): Promise<RestoreSummary> {
  const found = await existing(config, storage);
  if (found.length && !opts.force) throw new Error(`The target is not empty: ${found.join('; ')}. Use --force to replace it.`);

  const filesDir = filesDirOf(config);
  const work = await mkdtemp(join(tmpdir(), 'sapwood-restore-'));
  try {
    if (found.length) {
      if (config.S3_BUCKET) {
        // the objects under S3_PREFIX only: the bucket may hold other things
        for (const key of await storage.list()) await storage.delete(key);
      } else {
        // the folder's contents, not the folder: FILES_DIR may be a mount shared by several servers
        for (const name of existsSync(filesDir) ? await readdir(filesDir) : []) await rm(join(filesDir, name), { recursive: true, force: true });
      }
      if (config.DATABASE_URL) {
        await withPgClient(config.DATABASE_URL, async (c) => {
          const schemas = await c.query<{ s: string }>(
            `select quote_ident(nspname) as s from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'`,
          );
          for (const { s } of schemas.rows) await c.query(`drop schema ${s} cascade`);
          await c.query('create schema public');
        });
      } else await rm(pgliteDirOf(config), { recursive: true, force: true });
    }
    let files = 0;
    let database = false;
    for await (const { header, body } of entries) {
      if (header.type === 'database') {
        database = true;
        if (config.DATABASE_URL) {
          const dump = join(work, 'database.dump');
          await toFile(body, dump);
          const pgRestore = await pgTool('pg_restore', config.DATABASE_URL);
          const db = pgConnection(config.DATABASE_URL);
          await run(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${db.dbname}`, dump], { maxBuffer: 64 * 1024 * 1024, env: db.env });
        } else {
          const tar = await toBuffer(body);
          const lite = await PGlite.create(pgliteDirOf(config), { loadDataDir: new Blob([new Uint8Array(tar)]) });
          await lite.close();
        }
      } else if (header.type === 'file') {
        if (!header.path || !isValidKey(header.path)) throw new Error(`${file} holds a file with an unsafe name: ${header.path}`);
        if (config.S3_BUCKET) await storage.put(header.path, await toBuffer(body));
        else await toFile(body, join(filesDir, ...header.path.split('/')));
        files += 1;
      } else await toBuffer(body);
    }
    if (!database) throw new Error(`${file} holds no database`);
    if (files !== manifest.files) throw new Error(`${file} lists ${manifest.files} file(s) but holds ${files}`);
    let tables: number;
    if (config.DATABASE_URL) tables = (await withPgClient(config.DATABASE_URL, userTables)).length;
    else {
      const lite = await PGlite.create(pgliteDirOf(config));
      tables = (await userTables(lite)).length;
      await lite.close();
    }
    return { manifest, tables, files, fileStore: storage.description };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { file, force } = parseArgs(process.argv.slice(2), 'usage: npm run restore -- FILE [--force]');
  try {
    const config = loadConfig();
    const s = await restore(resolve(file), config, { force });
    const into = config.DATABASE_URL ? `the PostgreSQL server database ${new URL(config.DATABASE_URL).pathname.slice(1)}` : `the embedded database under ${config.DATA_DIR}`;
    console.log(`Restored ${s.tables} table(s) into ${into} and ${s.files} file(s) into the file store (${s.fileStore}) from ${file} (made ${s.manifest.createdAt} by Sapwood ${s.manifest.appVersion}).`);
  } catch (e) {
    console.error(`Restore failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
