import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { isValidKey } from './keys';
import type { FileStorage } from './file-storage';

/** Files on the local disk under one root folder. Writes go to a temporary name first, then rename. */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;
  readonly kind = 'folder' as const;
  readonly description: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.description = `folder ${this.root}`;
  }

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  }

  async get(key: string): Promise<Readable | null> {
    if (!isValidKey(key)) return null;
    const path = this.pathOf(key);
    return new Promise((resolvePromise) => {
      const stream = createReadStream(path);
      stream.once('open', () => resolvePromise(stream));
      stream.once('error', () => resolvePromise(null));
    });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Every file under the root (keys, sorted), leaving out half-written '.tmp' files. */
  async list(): Promise<string[]> {
    return listFilesUnder(this.root);
  }
}

/** Every regular file under root (relative, '/'-separated, sorted), leaving out half-written '.tmp' files. */
export async function listFilesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile() && !e.name.endsWith('.tmp')) out.push(relative(root, p).split(sep).join('/'));
    }
  }
  await walk(root);
  return out.sort();
}
