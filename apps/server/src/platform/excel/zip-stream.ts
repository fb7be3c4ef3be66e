import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * A minimal streaming ZIP writer (deflate, data descriptors, UTF-8 names, no ZIP64: entries and the
 * archive stay under 4 GB) for the .xlsx downloads. Entries are written one after another straight to
 * the output; only the central directory (a few bytes per entry) is kept until the end.
 */
export class ZipWriter {
  private offset = 0;
  private readonly done: { name: Buffer; crc: number; csize: number; usize: number; offset: number }[] = [];
  private readonly time: number;
  private readonly date: number;
  private open: ZipEntry | null = null;

  constructor(
    readonly out: NodeJS.WritableStream & { writableNeedDrain?: boolean },
    readonly level = 1,
  ) {
    const now = new Date();
    this.time = (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2);
    this.date = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  }

  /** Starts the next entry; the previous one must be closed. */
  entry(name: string): ZipEntry {
    if (this.open) throw new Error(`zip: ${this.open.name} is still open`);
    const n = Buffer.from(name, 'utf8');
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 name
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt16LE(this.time, 10);
    h.writeUInt16LE(this.date, 12);
    h.writeUInt16LE(n.length, 26);
    const start = this.offset;
    this.raw(h);
    this.raw(n);
    this.open = new ZipEntry(this, name, (e) => {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(e.crc >>> 0, 4);
      d.writeUInt32LE(e.csize, 8);
      d.writeUInt32LE(e.usize, 12);
      this.offset += e.csize;
      this.raw(d);
      if (this.offset > 0xffffffff) throw new Error('zip: the archive is larger than 4 GB');
      this.done.push({ name: n, crc: e.crc, csize: e.csize, usize: e.usize, offset: start });
      this.open = null;
    });
    return this.open;
  }

  /** A whole entry from a string. */
  async file(name: string, text: string): Promise<void> {
    const e = this.entry(name);
    e.write(text);
    await e.close();
  }

  /** Writes the central directory and ends the output. */
  async end(): Promise<void> {
    const cdStart = this.offset;
    for (const f of this.done) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(this.time, 12);
      h.writeUInt16LE(this.date, 14);
      h.writeUInt32LE(f.crc >>> 0, 16);
      h.writeUInt32LE(f.csize, 20);
      h.writeUInt32LE(f.usize, 24);
      h.writeUInt16LE(f.name.length, 28);
      h.writeUInt32LE(f.offset, 42);
      this.raw(h);
      this.raw(f.name);
    }
    const e = Buffer.alloc(22);
    e.writeUInt32LE(0x06054b50, 0);
    e.writeUInt16LE(this.done.length, 8);
    e.writeUInt16LE(this.done.length, 10);
    e.writeUInt32LE(this.offset - cdStart, 12);
    e.writeUInt32LE(cdStart, 16);
    this.raw(e);
    await new Promise<void>((resolve) => this.out.end(resolve));
  }

  private raw(b: Buffer): void {
    this.out.write(b);
    this.offset += b.length;
  }
}

/** One entry being written: text in, deflated bytes straight to the archive's output. */
export class ZipEntry {
  crc = 0;
  usize = 0;
  csize = 0;
  private readonly deflate: zlib.DeflateRaw;

  constructor(
    private readonly zip: ZipWriter,
    readonly name: string,
    private readonly closed: (e: ZipEntry) => void,
  ) {
    this.deflate = zlib.createDeflateRaw({ level: zip.level });
    this.deflate.on('data', (c: Buffer) => {
      this.csize += c.length;
      zip.out.write(c);
    });
  }

  write(text: string): void {
    const b = Buffer.from(text, 'utf8');
    this.crc = zlib.crc32(b, this.crc);
    this.usize += b.length;
    this.deflate.write(b);
  }

  /** Resolves once the compressor and the output have taken what was written (backpressure). */
  async drained(): Promise<void> {
    const out = this.zip.out as NodeJS.WritableStream & { writableNeedDrain?: boolean; destroyed?: boolean };
    if (this.deflate.writableNeedDrain) await once(this.deflate, 'drain');
    if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (out.destroyed) throw new Error('the download was cut off (the client went away)');
  }

  async close(): Promise<void> {
    const ended = once(this.deflate, 'end');
    this.deflate.end();
    await ended;
    this.closed(this);
  }
}
