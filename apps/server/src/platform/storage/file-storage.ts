import type { Readable } from 'node:stream';

/**
 * Where the app keeps files (uploaded logos, generated documents). Keys are relative paths of
 * lower-case segments, e.g. 'distributors/ab12-cd34-low.png'. A folder on disk (LocalDiskStorage) or an
 * S3-compatible object store (S3Storage) implements it; storage.ts chooses by the settings (ADR 0077).
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** the file's bytes as a stream, or null when there is no such file */
  get(key: string): Promise<Readable | null>;
  /** removes the file; a missing file is not an error */
  delete(key: string): Promise<void>;
  /** every key held, sorted (backups read the store through it) */
  list(): Promise<string[]>;
  /** a folder (FILES_DIR) or an S3 bucket (S3_BUCKET) */
  readonly kind: 'folder' | 'bucket';
  /** where the files are, for messages (never a credential) */
  readonly description: string;
  /** checks at start-up that the store can be used; throws a message naming the setting at fault */
  verify?(): Promise<void>;
  /** lets go of connections */
  close?(): void;
}
