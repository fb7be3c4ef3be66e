import { createHash } from 'node:crypto';
import { loadSharp } from './lazy-sharp';

export type ImageKind = 'png' | 'jpeg' | 'webp';

/** Pictures larger than this many pixels are refused before decoding (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The kind of image by its first bytes (its content), whatever its name or declared type says. */
export function detectImageKind(data: Uint8Array): ImageKind | null {
  const starts = (bytes: number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface PngRendition {
  /** re-encoded PNG, no metadata */
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes a PNG, JPEG or WebP and encodes it again as a PNG at most `maxWidth` wide: EXIF orientation
 * is applied, and metadata (EXIF, XMP, ICC, text chunks) is dropped. Throws when the image cannot be read.
 */
export async function renderPng(data: Uint8Array, maxWidth: number, opts: { palette?: boolean } = {}): Promise<PngRendition> {
  const { data: out, info } = await (await loadSharp())(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
    .rotate()
    .resize({ width: maxWidth, withoutEnlargement: true })
    .png({ compressionLevel: 9, palette: opts.palette ?? false })
    .toBuffer({ resolveWithObject: true });
  return { data: out, width: info.width, height: info.height };
}

/** A short content hash for cache-busting file names. */
export function contentHash(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}
