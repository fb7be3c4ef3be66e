import type { RawBuilder } from 'kysely';
import type { Db } from '../database';
import type { RowShape } from './declaration';

/**
 * The ids of a page's first and last rows read from the page's JSON itself (ADR 0257), for a list whose page
 * rows start with their id (`rowsStartWithId`): PostgreSQL then builds the page's JSON and nothing else. An
 * array of the ids, aggregated beside the JSON to be read at its two ends, was about a twentieth of the
 * database's work on a /leafs page (measured with pgbench, 20 clients: 5,790 against 6,180 pages a second).
 *
 * The page is a JSON array of objects as json_agg and json_build_object write them, each object starting with
 * `{"id" : <id>`. The first row starts right after the `[`. The last row is, almost always, where the text's last
 * `{"id" : ` is, found by V8's string search (see `lastRowStart`); otherwise it is found from the end, walking
 * back over its members (strings skipped whole, so that a bracket or a quote inside a text counts for nothing) to
 * the brace that opens it.
 */

/** How json_build_object writes a row's first member when it is the id. */
const ID_MEMBER = '{"id" : ';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

export interface EndIds {
  firstId: number | null;
  lastId: number | null;
}

/** The ids of the first and last rows of a page's JSON array (null, null for an empty page). */
export function endIdsOf(rows: string): EndIds {
  if (rows === '[]') return { firstId: null, lastId: null };
  return { firstId: idAt(rows, 1), lastId: idAt(rows, lastRowStart(rows)) };
}

/** The id written at the start of the row at `at`; an error when the row does not start with its id (never expected: see rowsStartWithId). */
function idAt(text: string, at: number): number {
  if (!text.startsWith(ID_MEMBER, at)) throw new Error(`a page's row does not start with its id: ${text.slice(at, at + 40)}`);
  let i = at + ID_MEMBER.length;
  const negative = text.charCodeAt(i) === MINUS;
  if (negative) i++;
  let id = 0;
  let digits = 0;
  for (let c = text.charCodeAt(i); c >= ZERO && c <= NINE; c = text.charCodeAt(++i)) {
    id = id * 10 + (c - ZERO);
    digits++;
  }
  if (digits === 0 || digits > 10) throw new Error(`a page's row does not start with its id: ${text.slice(at, at + 40)}`);
  return negative ? -id : id;
}

/**
 * Where the array's last element starts. Inside a JSON string every quote is escaped, so `{"` is never part of a
 * text: each `{"id" : ` in the page opens an object whose first member is "id", a row or an object nested in one.
 * The last of them is the last row's start when the object it opens closes at the array's end: when the first
 * `}` after it is the text's last but one character (a nested object would close before its row does, and a `}`
 * inside a text only sends the search to the walk). The last one is found searching forward from a stretch before
 * the end, widened until it holds one: V8 searches forward with the processor's vector instructions and backward a
 * character at a time (a /leafs page's two ends: 210 ns here, 1,150 by the walk, 600 by lastIndexOf).
 */
function lastRowStart(text: string): number {
  for (let window = 1024; ; window *= 4) {
    const from = Math.max(1, text.length - window);
    let at = -1;
    for (let i = text.indexOf(ID_MEMBER, from); i !== -1; i = text.indexOf(ID_MEMBER, i + 1)) at = i;
    if (at !== -1) return text.indexOf('}', at) === text.length - 2 ? at : lastRowStartWalked(text);
    if (from === 1) return lastRowStartWalked(text);
  }
}

/** Where the array's last element starts: its opening brace, found walking back from the array's closing bracket. */
function lastRowStartWalked(text: string): number {
  let depth = 0;
  for (let i = text.length - 2; i > 0; i--) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringStart(text, i);
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth++;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error(`a page's JSON has no last row: ${text.slice(0, 40)}`);
}

/** The opening quote of the string whose closing quote is at `end`: the first quote before it not escaped (an even run of backslashes before it). */
function stringStart(text: string, end: number): number {
  for (let i = end - 1; i >= 0; i--) {
    if (text.charCodeAt(i) !== QUOTE) continue;
    let slashes = 0;
    while (text.charCodeAt(i - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return i;
  }
  throw new Error('a page\'s JSON has a string without its opening quote');
}

/**
 * Whether a page's rows start with their id (`endIdsOf` reads them): the shape's first column is the list's id,
 * named `id`, and not a time.
 */
export function rowsStartWithId(db: Db, shape: RowShape, alias: string, id: string): boolean {
  const [first] = shape.columns;
  return first !== undefined && first.as === 'id' && !first.time && compiledText(db, first.value) === `${alias}.${id}`;
}

const compiledText = (db: Db, value: RawBuilder<unknown>) => value.compile(db).sql.trim();
