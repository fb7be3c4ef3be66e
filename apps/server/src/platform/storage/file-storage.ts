import type { Readable } from 'node:stream';

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
