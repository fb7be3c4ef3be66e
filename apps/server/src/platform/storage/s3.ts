import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { HttpError } from '../../http/errors';
import type { FileStorage } from './file-storage';
import { isValidKey } from './keys';

export interface S3Settings {
  /** the endpoint, e.g. http://127.0.0.1:4569 or https://s3.eu-west-1.amazonaws.com */
  url: string;
  bucket: string;
  region: string;
  /** both or neither; neither: the AWS SDK's default credential chain (AWS_* variables, ~/.aws, instance role) */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** a folder inside the bucket for this app's objects ('' or undefined: the bucket's top) */
  prefix?: string;
}

/** Where failures are told (the app's logger); never given the credentials. */
export interface StorageLog {
  error(obj: object, msg: string): void;
}

/** The answer a request gets when the object store fails: a 503 in the app's error body, not a crash. */
export const storageUnavailable = () =>
  new HttpError(503, 'StorageUnavailable', 'The file store cannot be reached just now. Please try again in a moment.');

/** What is safe to log of an SDK error: never the request (its signature) or the settings. */
function summary(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  return { name: e?.name, message: e?.message, code: e?.code, httpStatusCode: e?.$metadata?.httpStatusCode };
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/** No such object (but not no such bucket: that is a misconfiguration, not a missing file). */
function isMissingObject(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return statusOf(err) === 404 && name !== 'NoSuchBucket';
}

/** The prefix as a key part: no leading or trailing slashes. */
export function normalizePrefix(prefix: string | undefined): string {
  return (prefix ?? '').replace(/^\/+|\/+$/g, '');
}

/**
 * Files as objects in an S3-compatible object store (AWS S3, MinIO, Ceph, ... ; tested against s3rver),
 * through the AWS SDK. Path-style addressing (http://host/bucket/key), so any endpoint works without
 * bucket DNS names. An object is written whole by one PutObject, so a reader on another server sees a
 * whole file or none. Failures of the store become a 503 (storageUnavailable) and are logged.
 */
/** The SDK's module, loaded with the first request to the store: a server on a folder never loads it (ADR 0175). */
type Sdk = typeof import('@aws-sdk/client-s3');

export class S3Storage implements FileStorage {
  private readonly options: S3ClientConfig;
  private loaded: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  private client: S3Client | null = null;
  private readonly bucket: string;
  private readonly prefix: string;
  readonly kind = 'bucket' as const;
  /** for messages: the bucket, prefix and endpoint (no credentials) */
  readonly description: string;

  constructor(
    settings: S3Settings,
    private readonly log?: StorageLog,
  ) {
    this.bucket = settings.bucket;
    this.prefix = normalizePrefix(settings.prefix);
    this.description = `S3 bucket ${settings.bucket}${this.prefix ? `/${this.prefix}` : ''} at ${settings.url}`;
    this.options = {
      endpoint: settings.url,
      region: settings.region,
      forcePathStyle: true,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // checksums only where S3 requires them: S3-compatible servers do not all take the newer
      // x-amz-checksum-* headers or aws-chunked bodies
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // a store that does not answer fails the request in bounded time rather than never
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    };
  }

  /** The SDK and this store's client, made on first use. */
  private sdk(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => {
      this.client = new sdk.S3Client(this.options);
      return { sdk, client: this.client };
    });
    return this.loaded;
  }

  private objectKey(key: string): string {
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  private fail(op: string, key: string | undefined, err: unknown): never {
    this.log?.error({ storage: this.description, op, key, err: summary(err) }, 'file store request failed');
    throw storageUnavailable();
  }

  async put(key: string, data: Buffer): Promise<void> {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    try {
      const s3 = await this.sdk();
      await s3.client.send(new s3.sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: data, ContentLength: data.length }));
    } catch (err) {
      this.fail('put', key, err);
    }
  }

  async get(key: string): Promise<Readable | null> {
    if (!isValidKey(key)) return null;
    try {
      const s3 = await this.sdk();
      const res = await s3.client.send(new s3.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return (res.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (isMissingObject(err)) return null;
      this.fail('get', key, err);
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    try {
      const s3 = await this.sdk();
      await s3.client.send(new s3.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      if (isMissingObject(err)) return;
      this.fail('delete', key, err);
    }
  }

  /**
   * Every key under the prefix, sorted (for backups). ListObjects (version 1) paged by Marker, the last key
   * seen: every S3-compatible store takes it, while s3rver's ListObjectsV2 continuation tokens need DES,
   * which Node 17+ (OpenSSL 3) no longer has, so a second page of V2 fails there.
   */
  async list(): Promise<string[]> {
    const keys: string[] = [];
    const start = this.prefix ? `${this.prefix}/` : '';
    let marker: string | undefined;
    try {
      for (;;) {
        const s3 = await this.sdk();
        const page = await s3.client.send(new s3.sdk.ListObjectsCommand({ Bucket: this.bucket, Prefix: start || undefined, Marker: marker }));
        const contents = page.Contents ?? [];
        for (const o of contents) if (o.Key && !o.Key.endsWith('/')) keys.push(o.Key.slice(start.length));
        const last = contents.at(-1)?.Key;
        if (!page.IsTruncated || !last) break;
        marker = last;
      }
    } catch (err) {
      this.fail('list', undefined, err);
    }
    return keys.sort();
  }

  /**
   * Checks at start-up that the bucket exists and the credentials may use it, so a wrong setting stops
   * the server with a clear message instead of failing the first upload.
   */
  async verify(): Promise<void> {
    try {
      const s3 = await this.sdk();
      await s3.client.send(new s3.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = statusOf(err);
      const why =
        status === 404 ? 'the bucket does not exist'
        : status === 403 || status === 401 ? 'the store refused the credentials (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)'
        : (err as { name?: string })?.name === 'CredentialsProviderError' ? 'no credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'
        : `it did not answer (${(err as Error)?.message || (err as { name?: string })?.name || 'unknown error'})`;
      throw new Error(`The file store ${this.description} cannot be used: ${why}.`);
    }
  }

  close(): void {
    this.client?.destroy();
  }
}
