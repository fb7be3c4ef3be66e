import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * Reads a multipart (or urlencoded form) body into plain fields; files become UploadedFile values.
 * Size limits come from the multipart plugin's configuration.
 */
export async function readMultipart(req: FastifyRequest): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) {
    const body = req.body;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  }
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        fields[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data } satisfies UploadedFile;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, 'ValidationError', 'The file is too large.', [{ field: 'image', message: 'The file is too large.' }]);
    throw err;
  }
  return fields;
}
