import { randomBytes } from 'node:crypto';
import { CROP_IMAGE_MESSAGES, type UploadedFilePart } from '@sapwood/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../http/errors';
import { type PreparedImage, prepareImage } from '../../../platform/images/uploads';
import type { FileStorage } from '../../../platform/storage/storage';

/*
 * Crop images, served as /upload/crops/{path}-low.png (spec part 2 §3). The path carries the content hash,
 * so a changed image is a new file and a served one can be cached for good.
 */
const FILE = /^[a-f0-9]{16}-[a-f0-9]{16}(-low)?\.png$/;
const keys = (imagePath: string) => [`crops/${imagePath}.png`, `crops/${imagePath}-low.png`];

export const prepareCropImage = (file: UploadedFilePart): Promise<PreparedImage> => prepareImage(file, CROP_IMAGE_MESSAGES);

/** Stores a prepared image; answers its path. */
export async function storeCropImage(storage: FileStorage, image: PreparedImage): Promise<string> {
  const imagePath = `${randomBytes(8).toString('hex')}-${image.hash}`;
  const [full, low] = keys(imagePath);
  await storage.put(full, image.full);
  await storage.put(low, image.low);
  return imagePath;
}

export async function removeCropImage(storage: FileStorage, imagePath: string): Promise<void> {
  await Promise.all(keys(imagePath).map((k) => storage.delete(k)));
}

export async function serveCropImage(storage: FileStorage, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const file = (req.params as { file?: string }).file ?? '';
  const stream = FILE.test(file) ? await storage.get(`crops/${file}`) : null;
  if (!stream) throw notFound('File');
  return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(stream);
}
