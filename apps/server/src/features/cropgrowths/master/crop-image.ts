import { CROP_IMAGE_MESSAGES, type UploadedFilePart } from '@sapwood/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { removeImage, serveImage, storeImage } from '../../../platform/images/stored-images';
import { type PreparedImage, prepareImage } from '../../../platform/images/uploads';
import type { FileStorage } from '../../../platform/storage/storage';

/* Crop images, served as /upload/crops/{path}-low.png (spec part 2 §3), kept as platform/images/stored-images.ts keeps images. */
export const prepareCropImage = (file: UploadedFilePart): Promise<PreparedImage> => prepareImage(file, CROP_IMAGE_MESSAGES);
export const storeCropImage = (storage: FileStorage, image: PreparedImage) => storeImage(storage, 'crops', image);
export const removeCropImage = (storage: FileStorage, imagePath: string) => removeImage(storage, 'crops', imagePath);
export const serveCropImage = (storage: FileStorage, req: FastifyRequest, reply: FastifyReply) => serveImage(storage, 'crops', req, reply);
