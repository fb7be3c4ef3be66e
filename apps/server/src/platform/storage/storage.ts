import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { LocalDiskStorage } from './local-disk';

export { isValidKey } from './keys';

/**
 * Where the app keeps files (uploaded logos, generated documents). Keys are relative paths of
 * lower-case segments, e.g. 'distributors/ab12-cd34-low.png'. The local disk implements it today;
 * an object store can implement the same three calls later.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** the file's bytes as a stream, or null when there is no such file */
  get(key: string): Promise<Readable | null>;
  /** removes the file; a missing file is not an error */
  delete(key: string): Promise<void>;
}

/** The app's file storage: files under DATA_DIR/files. */
export function createStorage(config: Pick<Config, 'DATA_DIR'>): FileStorage {
  return new LocalDiskStorage(join(config.DATA_DIR, 'files'));
}

/** A stored file's bytes, or null when there is no such file (for files small enough to hold in memory). */
export async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
