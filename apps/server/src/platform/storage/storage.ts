import { join } from 'node:path';
import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk';

export { isValidKey } from './keys';
export type { FileStorage } from './file-storage';

/** The app's file storage: files under FILES_DIR (default DATA_DIR/files), a folder several processes may share (ADR 0077). */
export function createStorage(config: Pick<Config, 'DATA_DIR' | 'FILES_DIR'>): FileStorage {
  return new LocalDiskStorage(config.FILES_DIR || join(config.DATA_DIR, 'files'));
}

/** A stored file's bytes, or null when there is no such file (for files small enough to hold in memory). */
export async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
