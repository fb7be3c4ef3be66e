import { z } from 'zod';

/**
 * The building blocks every endpoint's input is made of (ADR 0078). Each one is bounded the way the
 * database stores it, so a value that passes validation can always be stored or looked up:
 * - ids, versions and counts are PostgreSQL `integer`s (−2,147,483,648 … 2,147,483,647);
 * - text holds no NUL character (PostgreSQL text cannot) and no lone UTF-16 surrogate (it has no UTF-8
 *   form), and is no longer than its column.
 * `fields.test.ts` walks every declared endpoint's input and fails on a number or a text not made from
 * these blocks, so a new endpoint cannot forget them.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

export const FIELD_MESSAGES = {
  number: 'Must be a number',
  whole: 'Must be a whole number',
  tooLarge: `Must be at most ${INT4_MAX}`,
  text: 'Must be text',
  badCharacters: 'Contains characters that cannot be stored (NUL or a broken UTF-16 surrogate)',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** A string holds a NUL or a lone surrogate (a high not followed by a low, or a low not after a high). */
export function hasUnstorableCharacters(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

/** The one check that makes a string storable; blocks carry it, and the walker test looks for it by identity. */
export const storableText = z.refine<string>((s) => !hasUnstorableCharacters(s), { message: FIELD_MESSAGES.badCharacters });

/**
 * For the walker test: is this number bounded the way the database stores it? A whole number within
 * `integer`, any other number within finite bounds (its column's `numeric` or `double precision`).
 */
export function isBoundedNumber(schema: z.ZodNumber): boolean {
  const { minValue: min, maxValue: max, isInt } = schema;
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return false;
  return isInt ? min >= INT4_MIN && max <= INT4_MAX : Math.abs(min) <= 1e15 && Math.abs(max) <= 1e15;
}

export interface IntOptions {
  min?: number;
  max?: number;
  /** said when the value is missing or not a number */
  message?: string;
  /** said when the value is below `min` (default: the `message`, else 'Must be at least {min}') */
  minMessage?: string;
}

/** A whole number stored as `integer`. */
export function int(options: IntOptions = {}) {
  const min = options.min ?? INT4_MIN;
  const max = options.max ?? INT4_MAX;
  const typeError = options.message ?? FIELD_MESSAGES.number;
  return z
    .number({ error: typeError })
    .int(options.message ?? FIELD_MESSAGES.whole)
    .min(min, options.minMessage ?? options.message ?? `Must be at least ${min}`)
    .max(max, max === INT4_MAX ? FIELD_MESSAGES.tooLarge : `Must be at most ${max}`);
}

/** A whole number that may also come as a numeric string (a query string, a form field). */
export function formInt(options: IntOptions = {}) {
  const min = options.min ?? INT4_MIN;
  const max = options.max ?? INT4_MAX;
  return z.coerce
    .number({ error: options.message ?? FIELD_MESSAGES.number })
    .int(options.message ?? FIELD_MESSAGES.whole)
    .min(min, options.minMessage ?? options.message ?? `Must be at least ${min}`)
    .max(max, max === INT4_MAX ? FIELD_MESSAGES.tooLarge : `Must be at most ${max}`);
}

/** The id of a stored record (1 … 2,147,483,647). */
export function id(message?: string, minMessage?: string) {
  return int({ min: 1, message, minMessage });
}
/** An id, or 0 for 'a new record' (absent means 0). */
export const IdOrNew = int({ min: 0 }).default(0);
/** A stored record's id. */
export const Id = id('Id required');
/** The version of a record its editor read (optimistic concurrency). */
export const RowVersion = int({ min: 1, message: 'Version required' });
/** A count or a non-negative whole number. */
export const Count = int({ min: 0 });

/** A number with a fractional part (a measured value), finite and within the given range. */
export function decimal(options: { min: number; max: number; message?: string; finiteMessage?: string; minMessage?: string; maxMessage?: string }) {
  return z
    .number({ error: options.message ?? FIELD_MESSAGES.number })
    .finite(options.finiteMessage ?? options.message ?? FIELD_MESSAGES.number)
    .min(options.min, options.minMessage ?? options.message ?? `Must be at least ${options.min}`)
    .max(options.max, options.maxMessage ?? options.message ?? `Must be at most ${options.max}`);
}

export interface TextOptions {
  /** the column's length; required, text is always bounded */
  max: number;
  /** at least this many characters after trimming (1 for a required field) */
  min?: number;
  /** said when the value is missing, not text, or shorter than `min` */
  message?: string;
  /** said when longer than `max` (default 'Must be at most {max} characters') */
  maxMessage?: string;
  /** trim surrounding spaces first (default true) */
  trim?: boolean;
}

/** Text that can be stored: bounded, no NUL, no lone surrogate. */
export function text(options: TextOptions) {
  let s = z.string({ error: options.message ?? FIELD_MESSAGES.text });
  if (options.trim !== false) s = s.trim();
  if (options.min) s = s.min(options.min, options.message ?? `Must be at least ${options.min} characters`);
  return s.max(options.max, options.maxMessage ?? FIELD_MESSAGES.tooLong(options.max)).check(storableText);
}

/** Text matched by a pattern (a date, a code): still bounded and storable. */
export function patterned(pattern: RegExp, message: string, max = 64) {
  return z.string({ error: message }).max(max, message).regex(pattern, message).check(storableText);
}

/** Does a string schema carry the storable-text check (the walker test's question)? */
export function isStorableText(schema: z.ZodString): boolean {
  return (schema._zod.def.checks ?? []).some((c) => c === storableText || (c as { _zod?: { def?: unknown } })._zod?.def === storableText._zod.def);
}

/**
 * An update of an existing record must say which version it read: `rowVersion` is required whenever
 * `idKey` names a stored record (> 0), so two saves from one version can never both succeed.
 */
export const VERSION_REQUIRED = 'The version you loaded is required: reload and save again.';
export function versioned<T extends z.ZodObject>(schema: T, options: { idKey?: string; message?: string } = {}) {
  const idKey = options.idKey ?? 'id';
  return schema.refine(
    (value) => {
      const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      const recordId = v[idKey];
      return !(typeof recordId === 'number' && recordId > 0 && (v.rowVersion === undefined || v.rowVersion === null));
    },
    // said together with the other fields' messages, so a form shows every problem at once
    { path: ['rowVersion'], message: options.message ?? VERSION_REQUIRED, when: () => true },
  );
}

/** Largest image upload accepted (logos, crop images; the server's multipart limit is the same). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A file part of a multipart body as the server reads it. */
export interface UploadedFilePart {
  filename: string;
  mimetype: string;
  data: Uint8Array;
}
/** An uploaded file (its content is checked by the server, not its name or declared type). */
export const UploadedFile = z.custom<UploadedFilePart>(
  (v) => typeof v === 'object' && v !== null && (v as { data?: unknown }).data instanceof Uint8Array,
  'Choose an image file',
);
