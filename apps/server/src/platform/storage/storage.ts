import { join } from 'node:path';
import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk';
import { S3Storage, type StorageLog } from './s3';

export { isValidKey } from './keys';
export type { FileStorage } from './file-storage';

export type StorageConfig = Pick<
  Config,
  'DATA_DIR' | 'FILES_DIR' | 'S3_URL' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PREFIX'
>;

/**
 * The app's file storage (ADR 0077): with S3_BUCKET set, objects in that bucket of the S3-compatible store
 * at S3_URL; otherwise files under FILES_DIR (default DATA_DIR/files). Several app servers share either.
 */
export function createStorage(config: StorageConfig, log?: StorageLog): FileStorage {
  if (config.S3_BUCKET && config.S3_URL) {
    return new S3Storage(
      {
        url: config.S3_URL,
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        prefix: config.S3_PREFIX,
      },
      log,
    );
  }
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
