import { randomBytes } from 'node:crypto';
import { LOGO_MAX_BYTES, type UploadedFilePart } from '@sapwood/contracts';
import { fieldError } from '../../http/errors';
import { contentHash, detectImageKind, renderPng } from '../../platform/images/images';
import type { FileStorage } from '../../platform/storage/storage';

export const NOT_AN_IMAGE = 'The logo must be a PNG, JPEG or WebP image.';
export const TOO_LARGE = 'The logo is too large: at most 5 MB.';
export const UNREADABLE = 'The logo image could not be read.';

const FULL_WIDTH = 1200;
const LOW_WIDTH = 300;

export interface PreparedLogo {
  hash: string;
  full: Buffer;
  low: Buffer;
}

/** Storage keys of a logo; the hash in the name makes a changed logo a new file. */
export function logoKeys(imagePath: string, imageHash: string): string[] {
  return [`distributors/${imagePath}-${imageHash}.png`, `distributors/${imagePath}-${imageHash}-low.png`];
}

export const newImagePath = () => randomBytes(8).toString('hex');

/**
 * Checks an upload by its content (PNG, JPEG or WebP magic bytes, whatever its name or declared type)
 * and its size, then re-encodes it as PNG without metadata: full size (at most 1200 px wide) and a
 * low-resolution copy (at most 300 px wide) for screens.
 */
export async function prepareLogo(file: UploadedFilePart): Promise<PreparedLogo> {
  if (file.data.length > LOGO_MAX_BYTES) throw fieldError('image', TOO_LARGE);
  if (!detectImageKind(file.data)) throw fieldError('image', NOT_AN_IMAGE);
  try {
    const full = await renderPng(file.data, FULL_WIDTH);
    const low = await renderPng(full.data, LOW_WIDTH, { palette: true });
    return { hash: contentHash(full.data), full: full.data, low: low.data };
  } catch {
    throw fieldError('image', UNREADABLE);
  }
}

export async function storeLogo(storage: FileStorage, imagePath: string, logo: PreparedLogo): Promise<void> {
  const [fullKey, lowKey] = logoKeys(imagePath, logo.hash);
  await storage.put(fullKey, logo.full);
  await storage.put(lowKey, logo.low);
}

export async function removeLogo(storage: FileStorage, imagePath: string, imageHash: string): Promise<void> {
  await Promise.all(logoKeys(imagePath, imageHash).map((k) => storage.delete(k)));
}
