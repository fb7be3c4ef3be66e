import { IMAGE_MAX_BYTES, type UploadedFilePart } from '@sapwood/contracts';
import { fieldError } from '../../http/errors';
import { contentHash, detectImageKind, renderPng } from './images';

/** An uploaded image made safe to store: PNG, no metadata, full size and a low-resolution copy. */
export interface PreparedImage {
  hash: string;
  full: Buffer;
  low: Buffer;
}

export interface ImageMessages {
  tooLarge: string;
  notImage: string;
  unreadable: string;
}

/**
 * Checks an upload by its content (PNG, JPEG or WebP magic bytes, whatever its name or declared type) and
 * its size, then re-encodes it as PNG without metadata: full size (at most 1200 px wide) and a
 * low-resolution copy (at most 300 px wide) for screens. Refusals name the `field`.
 */
export async function prepareImage(file: UploadedFilePart, messages: ImageMessages, field = 'image'): Promise<PreparedImage> {
  if (file.data.length > IMAGE_MAX_BYTES) throw fieldError(field, messages.tooLarge);
  if (!detectImageKind(file.data)) throw fieldError(field, messages.notImage);
  try {
    const full = await renderPng(file.data, 1200);
    const low = await renderPng(full.data, 300, { palette: true });
    return { hash: contentHash(full.data), full: full.data, low: low.data };
  } catch {
    throw fieldError(field, messages.unreadable);
  }
}
