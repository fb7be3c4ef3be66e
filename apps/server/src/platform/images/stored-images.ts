import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import type { FileStorage } from '../storage/storage';
import type { PreparedImage } from './uploads';

/*
 * Prepared images kept in the file store under a folder (crops, captures), as `{folder}/{path}.png` and
 * `{folder}/{path}-low.png`, served at `/upload/{folder}/{path}-low.png`. The path carries the content hash,
 * so a changed image is a new file and a served one can be cached for good.
 */
const FILE = /^[a-f0-9]{16}-[a-f0-9]{16}(-low)?\.png$/;
const keys = (folder: string, imagePath: string) => [`${folder}/${imagePath}.png`, `${folder}/${imagePath}-low.png`];

/** Stores a prepared image in `folder`; answers its path. */
export async function storeImage(storage: FileStorage, folder: string, image: PreparedImage): Promise<string> {
  const imagePath = `${randomBytes(8).toString('hex')}-${image.hash}`;
  const [full, low] = keys(folder, imagePath);
  await storage.put(full, image.full);
  await storage.put(low, image.low);
  return imagePath;
}

export async function removeImage(storage: FileStorage, folder: string, imagePath: string): Promise<void> {
  await Promise.all(keys(folder, imagePath).map((k) => storage.delete(k)));
}

export async function serveImage(storage: FileStorage, folder: string, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const file = (req.params as { file?: string }).file ?? '';
  const stream = FILE.test(file) ? await storage.get(`${folder}/${file}`) : null;
  if (!stream) throw notFound('File');
  return reply.type('image/png').header('cache-control', 'private, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(stream);
}
