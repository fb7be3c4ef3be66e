import { randomBytes } from 'node:crypto';
import type { UploadedFilePart } from '@sapwood/contracts';
import { type PreparedImage, prepareImage } from '../../platform/images/uploads';
import type { FileStorage } from '../../platform/storage/storage';

export const NOT_AN_IMAGE = 'The logo must be a PNG, JPEG or WebP image.';
export const TOO_LARGE = 'The logo is too large: at most 5 MB.';
export const UNREADABLE = 'The logo image could not be read.';

export type PreparedLogo = PreparedImage;

/** Storage keys of a logo; the hash in the name makes a changed logo a new file. */
export function logoKeys(imagePath: string, imageHash: string): string[] {
  return [`distributors/${imagePath}-${imageHash}.png`, `distributors/${imagePath}-${imageHash}-low.png`];
}

export const newImagePath = () => randomBytes(8).toString('hex');

/** A logo checked by its content and size and re-encoded (platform/images/uploads.ts). */
export const prepareLogo = (file: UploadedFilePart): Promise<PreparedLogo> => prepareImage(file, { tooLarge: TOO_LARGE, notImage: NOT_AN_IMAGE, unreadable: UNREADABLE });

export async function storeLogo(storage: FileStorage, imagePath: string, logo: PreparedLogo): Promise<void> {
  const [fullKey, lowKey] = logoKeys(imagePath, logo.hash);
  await storage.put(fullKey, logo.full);
  await storage.put(lowKey, logo.low);
}

export async function removeLogo(storage: FileStorage, imagePath: string, imageHash: string): Promise<void> {
  await Promise.all(logoKeys(imagePath, imageHash).map((k) => storage.delete(k)));
}
