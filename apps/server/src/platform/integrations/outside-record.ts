/**
 * One record an outside system sent (a capture, a lab's sample), checked on its own before anything of it is
 * stored (issue 33): text a database takes (no NUL, no lone surrogate), nesting and sizes within bounds. A
 * record that fails is refused with its reason while the others of the same answer go in; what is kept of
 * it (to be shown on the Refused list) is `storableCopy`, never the record as sent. Both walk the record
 * with a list of their own, not by recursion: a record nested 100,000 deep cannot overflow the stack.
 */
import type { z } from 'zod';

export const RECORD_LIMITS = { depth: 12, text: 10_000, nodes: 5_000 };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** What is wrong with a piece of text for the database, or null. */
export function textProblem(s: string): string | null {
  if (s.includes('\0')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(s)) return 'contains a broken Unicode character (a lone surrogate)';
  if (s.length > RECORD_LIMITS.text) return `is longer than ${RECORD_LIMITS.text} characters`;
  return null;
}

/** Text as a database takes it: NUL and lone surrogates replaced by U+FFFD, cut to `max` characters. */
export function storableText(s: string, max = RECORD_LIMITS.text): string {
  return s.replaceAll('\0', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD').slice(0, max);
}

const where = (path: string) => (path ? `field '${path.length > 80 ? `${path.slice(0, 80)}…` : path}'` : 'the record');
const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** The first thing wrong with the record (naming the field), or null when it may be stored. */
export function recordProblem(record: unknown): string | null {
  const todo: { value: unknown; path: string; depth: number }[] = [{ value: record, path: '', depth: 0 }];
  let nodes = 0;
  while (todo.length > 0) {
    const { value, path, depth } = todo.pop()!;
    if (++nodes > RECORD_LIMITS.nodes) return `the record has more than ${RECORD_LIMITS.nodes} values`;
    if (typeof value === 'string') {
      const p = textProblem(value);
      if (p) return `${where(path)} ${p}`;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= RECORD_LIMITS.depth) return `${where(path)} is nested deeper than ${RECORD_LIMITS.depth} levels`;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [key, v] of entries) {
      if (typeof key === 'string') {
        const p = textProblem(key);
        if (p) return `a field name in ${where(path)} ${p}`;
      }
      todo.push({ value: v, path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/**
 * A copy of the record that may be stored and shown whatever it held: text made storable, nesting cut at the
 * depth limit ('[nested too deep]'), at most the node limit's values ('[more left out]' after).
 */
export function storableCopy(record: unknown): unknown {
  const root: { v: unknown } = { v: null };
  type Todo = { value: unknown; put: (v: unknown) => void; depth: number };
  const todo: Todo[] = [{ value: record, put: (v) => (root.v = v), depth: 0 }];
  // breadth first; beyond the node limit, what is left is not copied
  const add = (t: Todo) => (todo.length < RECORD_LIMITS.nodes ? todo.push(t) : t.put('[more left out]'));
  for (let i = 0; i < todo.length; i++) {
    const { value, put, depth } = todo[i];
    if (typeof value === 'string') put(storableText(value));
    else if (typeof value === 'number') put(Number.isFinite(value) ? value : null);
    else if (value === null || typeof value !== 'object') put(typeof value === 'boolean' ? value : null);
    else if (depth >= RECORD_LIMITS.depth) put('[nested too deep]');
    else if (Array.isArray(value)) {
      const out: unknown[] = [];
      put(out);
      value.slice(0, RECORD_LIMITS.nodes).forEach((v, j) => add({ value: v, put: (x) => (out[j] = x), depth: depth + 1 }));
    } else {
      const out: Record<string, unknown> = {};
      put(out);
      for (const [k, v] of Object.entries(value).slice(0, RECORD_LIMITS.nodes)) add({ value: v, put: (x) => (out[storableText(k, 200)] = x), depth: depth + 1 });
    }
  }
  return root.v;
}

/** A record of an answer refused on its own: what it is called (its number, or where it was) and why. */
export interface RefusedRecord {
  name: string;
  reason: string;
}

const expectedWords: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object' };

/** The first of a schema's complaints about a record, in the words of `recordProblem` ("field 'LabNo' is not text"). */
function schemaProblem(record: unknown, error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.reduce<string>((p, k) => join(p, typeof k === 'number' ? k : String(k)), '');
  let value: unknown = record;
  for (const k of issue.path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[k] : undefined;
  if (value === undefined) return `${where(path)} is missing`;
  if (issue.code === 'invalid_type') return `${where(path)} is not ${expectedWords[issue.expected] ?? issue.expected}`;
  return `${where(path)} is not valid (${issue.message.slice(0, 100)})`;
}

/**
 * The records of an answer (an order's samples, a lab's crops), each checked on its own (issue 33): first as text
 * a database takes (`recordProblem`), then against its schema. The good ones are answered parsed; a bad one is
 * refused with its reason, named by `nameOf` (storable, at most 60 characters) or, without a usable name, by
 * `place` ('(sample 3 of the order)'). A bad record never holds the others back.
 */
export function readRecords<T>(
  records: readonly unknown[], schema: z.ZodType<T>, nameOf: (r: Record<string, unknown>) => unknown, place: (index: number) => string,
): { good: T[]; refused: RefusedRecord[] } {
  const good: T[] = [];
  const refused: RefusedRecord[] = [];
  records.forEach((r, i) => {
    const raw = r && typeof r === 'object' ? nameOf(r as Record<string, unknown>) : undefined;
    const name = (typeof raw === 'string' && raw.trim()) || typeof raw === 'number' ? storableText(String(raw).trim(), 60) : place(i + 1);
    const problem = recordProblem(r);
    if (problem) return void refused.push({ name, reason: problem });
    const parsed = schema.safeParse(r);
    if (parsed.success) good.push(parsed.data);
    else refused.push({ name, reason: schemaProblem(r, parsed.error) });
  });
  return { good, refused };
}
