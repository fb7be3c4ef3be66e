import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES, SUBMISSION_FILES_AT_ONCE, SUBMISSION_FILE_MAX_BYTES } from '@sapwood/contracts';
import { HttpError, fieldError } from './errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** The largest file any multipart endpoint takes (each endpoint checks its own, smaller or equal, limit). */
export const MULTIPART_MAX_FILE_BYTES = Math.max(IMAGE_MAX_BYTES, SUBMISSION_FILE_MAX_BYTES);
/** The most files one request may carry. */
export const MULTIPART_MAX_FILES = SUBMISSION_FILES_AT_ONCE;

/** A zod schema's definition as far as it is read here (zod 4: `_zod.def`). */
interface SchemaDef {
  type?: string;
  innerType?: unknown;
  shape?: Record<string, unknown>;
}
const defOf = (schema: unknown): SchemaDef => (schema as { _zod?: { def?: SchemaDef } } | null)?._zod?.def ?? {};

/**
 * The fields of an endpoint's input (a zod object) that hold a list (`files: z.array(...)`, also when optional,
 * defaulted or nullable): readMultipart gives those a list even when the form sends the field once.
 */
export function listFieldsOf(input: unknown): ReadonlySet<string> {
  const out = new Set<string>();
  const shape = defOf(input).type === 'object' ? defOf(input).shape : undefined;
  for (const [name, field] of Object.entries(shape ?? {})) {
    let def = defOf(field);
    while (def.innerType && def.type !== 'array') def = defOf(def.innerType);
    if (def.type === 'array') out.add(name);
  }
  return out;
}

/** A file name as the browser sent it in a form: browsers write '"', CR and LF as %22, %0D and %0A (HTML's form encoding). */
export const formFileName = (name: string) => name.replace(/%(22|0D|0A)/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Reads a multipart (or urlencoded form) body into plain fields; files become UploadedFile values. A field
 * sent more than once becomes a list of its values in the order sent, and so does a field named in `lists`
 * (see listFieldsOf) even when sent once; any other field sent once stays a single value.
 *
 * A file is read up to one byte past MULTIPART_MAX_FILE_BYTES: anything longer is cut there (the rest is
 * skipped), so the endpoint's own size check refuses it with its message at its field (a 400, never a 413).
 * More than MULTIPART_MAX_FILES files answer a 400 at the field of the file too many.
 */
export async function readMultipart(req: FastifyRequest, lists: ReadonlySet<string> = new Set()): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) {
    const body = req.body;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  }
  const fields: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const held = fields[name];
    if (Array.isArray(held)) held.push(value);
    else fields[name] = held === undefined ? (lists.has(name) ? [value] : value) : [held, value];
  };
  let fileField = 'file';
  try {
    // throwFileSizeLimit is read per call at run time (@fastify/multipart 9), though its types do not say so
    const options: FastifyMultipartBaseOptions = { limits: { fileSize: MULTIPART_MAX_FILE_BYTES + 1, files: MULTIPART_MAX_FILES }, throwFileSizeLimit: false };
    const parts = req.parts(options);
    for await (const part of parts) {
      if (part.type === 'file') {
        fileField = part.fieldname;
        const data = await part.toBuffer();
        add(part.fieldname, { filename: formFileName(part.filename), mimetype: part.mimetype, data } satisfies UploadedFile);
      } else {
        add(part.fieldname, part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT') throw fieldError(fileField, `At most ${MULTIPART_MAX_FILES} files at once`);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, 'ValidationError', 'The file is too large.', [{ field: fileField, message: 'The file is too large.' }]);
    throw err;
  }
  return fields;
}
