import { z } from 'zod';
import { patterned } from './fields';
import type { Permission } from './permissions';

/**
 * Who may call an endpoint. Every endpoint must say one of these; the registry test fails otherwise.
 * - public: anyone, signed in or not
 * - session: any signed-in user
 * - a permission: a signed-in user holding it (Admin holds all); with `screen`, the screen's permission too: the
 *   submission tabs' permissions (SubmissionsPrepare, …) are shared by the leaf and the farmers' screens, so a call
 *   of one screen's tab also needs that screen's permission (Submissions or FarmersSampleSubmissions), or a user
 *   of the one screen could work the other's submissions through its calls
 */
export type Access = { public: true } | { session: true } | { permission: Permission; screen?: Permission };

export type HttpMethod = 'GET' | 'POST';

/** 'json' answers with the response schema; 'file' streams a download the handler writes itself. */
export type ResponseKind = 'json' | 'file';

/**
 * What a POST stores, and how it keeps from losing another user's change (ADR 0110). Every POST says one;
 * `apps/server/test/endpoint-registry.test.ts` fails for one that does not.
 * - `'nothing'`: it stores nothing (a list, a look-up or a check sent as POST); the property test holds it.
 * - `{ version: 'rowVersion' }`: it changes stored records, and its input carries the version each one was
 *   read at in the field of that name (at any depth), required for an existing record (`versioned()` or
 *   `RowVersion`); a stale version answers 409.
 * - `{ unversioned, reason }`: it changes records without a version, because no change read from a stored
 *   record is written back: `'flag'` sets one absolute value or state the user chose (an active or archived
 *   flag, a default, a link), so repeating it is harmless; `'creates'` only adds new records; `'removes'`
 *   deletes or archives (moving what refers to it); `'action'` signs in or out, mails, starts a job or posts
 *   to an outside system. The reason says so for this endpoint.
 */
export type Writes =
  | 'nothing'
  | { version: string }
  | { unversioned: 'flag' | 'creates' | 'removes' | 'action'; reason: string };

/**
 * The answers an endpoint gives besides the ones every endpoint of its kind gives (200, 400, 401/403 by its
 * access, 403/413/415 for a POST, 429 when rate limited, 409 when versioned, 500): each status with what it
 * means here. The OpenAPI document declares them (ADR 0111); an API test receiving an undeclared status fails.
 */
/** Media types of file answers. */
export const MEDIA = {
  pdf: 'application/pdf',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html',
} as const;

export type OtherAnswers = Partial<Record<303 | 404 | 409 | 429 | 502 | 503, string>>;
/** What the common other answers mean (an endpoint may say more of its own). */
export const NOT_FOUND = 'A record the input names does not exist, or no longer does';
export const REFUSED_STATE = 'The record is in a state that refuses this, or was changed meanwhile: the message says which';
export const OUTSIDE_LAB_DOWN = 'The outside lab cannot be reached just now';
export const FILE_STORE_DOWN = 'The file store (S3) cannot be reached just now: try again in a moment';

export interface EndpointDef<
  M extends HttpMethod = HttpMethod,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  method: M;
  path: `/api/${string}`;
  /** JSON body for POST, query string for GET. */
  input: I;
  output: O;
  access: Access;
  kind?: ResponseKind;
  /** `kind: 'file'`: the media types the file is answered in (e.g. 'application/pdf') */
  media?: readonly string[];
  /** POST: what it stores and how it keeps from losing another's change (see Writes) */
  writes?: Writes;
  /** statuses it answers besides the ones of every endpoint (see OtherAnswers) */
  answers?: OtherAnswers;
  /** bytes the body may hold when more than the server's 2 MB: a request at the contract's most rows (issue 36) */
  bodyLimit?: number;
  /** multipart form bodies (file uploads, form posts) are parsed to fields before validation */
  multipart?: boolean;
  summary?: string;
}

export function endpoint<M extends HttpMethod, I extends z.ZodType, O extends z.ZodType>(
  def: EndpointDef<M, I, O>,
): EndpointDef<M, I, O> {
  return def;
}

export type InputOf<E> = E extends EndpointDef<HttpMethod, infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<E> = E extends EndpointDef<HttpMethod, infer I, z.ZodType> ? z.output<I> : never;
export type OutputOf<E> = E extends EndpointDef<HttpMethod, z.ZodType, infer O> ? z.output<O> : never;

/** An empty body: `{}` or nothing at all. */
export const Empty = z.object({}).strict().optional().default({});
/** Handlers answering nothing in particular answer `true`. */
export const Ok = z.literal(true);

/** The body of every 400 answer. */
export const ValidationErrorBody = z.object({
  error: z.literal('ValidationError'),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** The body of every other error answer (401, 403, 404, 409, 429, 500). */
export const ErrorBody = z.object({ error: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * A moment in time: a Date on the server, an ISO string on the wire, a Date again in the browser
 * (the client parses every answer with its declared schema).
 */
export const DateTime = z.coerce
  .date({ error: 'Must be a date' })
  .min(new Date('1000-01-01T00:00:00Z'), 'Must be a date after the year 1000')
  .max(new Date('9999-12-31T23:59:59Z'), 'Must be a date before the year 10000');
/** A calendar date, 'YYYY-MM-DD', that exists (no 31 February). */
export const DateOnly = patterned(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD', 10).refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1000-01-01';
}, 'Use the date format YYYY-MM-DD');
