import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup archive: gzip of a small self-describing container, so one file holds the database dump and
 * the file store. After the magic line come entries, each a 4-byte big-endian header length, a JSON header
 * ({ type, path?, size, sha256 }) and `size` bytes; the last entry's type is 'end'.
 */
export const MAGIC = 'SAPWOOD-BACKUP 1\n';

export interface EntryHeader {
  type: 'manifest' | 'database' | 'file' | 'end';
  path?: string;
  size: number;
  sha256?: string;
}

export interface Manifest {
  kind: 'pglite' | 'postgres';
  createdAt: string;
  appVersion: string;
  databaseFormat: 'pglite-datadir-tar' | 'pg_dump-custom';
  files: number;
  /** where the files came from (informational: a backup of either restores into either) */
  fileStore?: 'folder' | 's3';
}

export class ArchiveWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;

  constructor(path: string) {
    this.done = pipeline(this.gzip, createWriteStream(path));
    this.gzip.write(MAGIC);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await new Promise<void>((r) => this.gzip.once('drain', () => r()));
  }

  private async header(h: EntryHeader): Promise<void> {
    const json = Buffer.from(JSON.stringify(h));
    const len = Buffer.alloc(4);
    len.writeUInt32BE(json.length);
    await this.write(Buffer.concat([len, json]));
  }

  async addBuffer(type: EntryHeader['type'], data: Buffer, path?: string): Promise<void> {
    await this.header({ type, path, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    await this.write(data);
  }

  /** Adds a file from disk, streaming it (its hash is computed in a first pass). */
  async addFile(type: EntryHeader['type'], diskPath: string, path?: string): Promise<void> {
    const { size } = await stat(diskPath);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(diskPath)) hash.update(chunk as Buffer);
    await this.header({ type, path, size, sha256: hash.digest('hex') });
    let written = 0;
    for await (const chunk of createReadStream(diskPath)) {
      written += (chunk as Buffer).length;
      await this.write(chunk as Buffer);
    }
    if (written !== size) throw new Error(`${diskPath} changed while it was being backed up`);
  }

  /**
   * Adds bytes read from a stream that `open` gives (a file store's get), opened twice: once for the size
   * and hash that go first, once to write, so a large file is never held in memory.
   */
  async addStream(type: EntryHeader['type'], open: () => Promise<Readable | null>, path?: string): Promise<void> {
    const what = path ?? type;
    const readThrough = async (each?: (chunk: Buffer) => Promise<void>) => {
      const stream = await open();
      if (!stream) throw new Error(`${what} went away while it was being backed up`);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        hash.update(chunk as Buffer);
        if (each) await each(chunk as Buffer);
      }
      return { size, sha256: hash.digest('hex') };
    };
    const { size, sha256 } = await readThrough();
    await this.header({ type, path, size, sha256 });
    const written = await readThrough((chunk) => this.write(chunk));
    if (written.size !== size || written.sha256 !== sha256) throw new Error(`${what} changed while it was being backed up`);
  }

  async close(): Promise<void> {
    await this.header({ type: 'end', size: 0 });
    this.gzip.end();
    await this.done;
  }
}

/** Reads an archive's entries in order; `body` must be consumed (piped or read) before the next entry. */
export async function* readArchive(path: string): AsyncGenerator<{ header: EntryHeader; body: Readable }> {
  const source = createReadStream(path).pipe(createGunzip());
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buf = Buffer.alloc(0);
  async function fill(n: number): Promise<void> {
    while (buf.length < n) {
      const next = await it.next();
      if (next.done) throw new Error(`${path} is truncated or not a Sapwood backup`);
      buf = Buffer.concat([buf, next.value]);
    }
  }
  async function take(n: number): Promise<Buffer> {
    await fill(n);
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    return out;
  }
  if ((await take(MAGIC.length)).toString() !== MAGIC) throw new Error(`${path} is not a Sapwood backup`);
  for (;;) {
    const header = JSON.parse((await take((await take(4)).readUInt32BE(0))).toString()) as EntryHeader;
    if (header.type === 'end') return;
    const body = new PassThrough();
    const hash = createHash('sha256');
    const pump = (async () => {
      let left = header.size;
      while (left > 0) {
        if (buf.length === 0) await fill(1);
        const part = buf.subarray(0, Math.min(left, buf.length));
        buf = buf.subarray(part.length);
        left -= part.length;
        hash.update(part);
        if (!body.write(part)) await new Promise<void>((r) => body.once('drain', () => r()));
      }
      if (header.sha256 && hash.digest('hex') !== header.sha256) body.destroy(new Error(`${header.path ?? header.type}: checksum mismatch in ${path}`));
      else body.end();
    })();
    pump.catch((e: Error) => body.destroy(e));
    yield { header, body };
    await pump;
  }
}

export async function toBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function toFile(body: Readable, diskPath: string): Promise<void> {
  await mkdir(dirname(diskPath), { recursive: true });
  const out: Writable = createWriteStream(diskPath);
  await pipeline(body, out);
  await finished(out);
}

/** Every regular file under root (relative, '/'-separated), leaving out half-written '.tmp' files. */
export { listFilesUnder as listFiles } from '../platform/storage/local-disk';
