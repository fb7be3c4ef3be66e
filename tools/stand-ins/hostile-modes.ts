import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A stand-in turned hostile (issue 33): the ways a broken or taken-over peer answers, one selectable at a
 * time by a test or a developer (POST /__control/hostile { mode, target?, field?, paths? }; mode null: well
 * again). Bodies of any size are made on the fly while they are sent (a 1.5 GB answer never exists in memory
 * here), and a download the app breaks off stops them.
 *
 * Modes that answer in place of the stand-in's own answer (any path, or only `paths` when given):
 * redirects, huge, endless or dripping bodies, malformed JSON, wrong content types. Modes that spoil one
 * record of the stand-in's own JSON answer (the first object of its first list; `field` of it, 'farm' unless
 * told): a NUL, a lone surrogate, 100,000-deep nesting, a wrong type, a script, no id, a duplicate id.
 */
export const HOSTILE_MODES = [
  'redirect-other-host', 'redirect-app', 'redirect-same-origin', 'redirect-loop',
  'huge-declared', 'huge-streamed', 'endless', 'slow-drip', 'malformed-json', 'not-utf8', 'html-answer', 'json-as-text',
  'record-nul', 'record-surrogate', 'record-deep', 'record-wrong-type', 'record-script', 'record-no-id', 'record-duplicate-id', 'record-long-text',
  'page-wrong-types',
] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

export interface Hostility {
  mode: HostileMode;
  /** where a redirect points: another host's URL, or the app's (a path is kept from the request for 'redirect-other-host') */
  target?: string;
  /** the field of the record spoilt */
  field?: string;
  /** only these paths (prefixes) are hostile; all when not given */
  paths?: string[];
}

const GB = 1024 ** 3;
/** what the huge and endless bodies are made of: a capture-like record repeated, 64 kB at a time */
const CHUNK = Buffer.from(`{"id":"X","farm":"${'x'.repeat(65_000)}"},`);

/** Streams `total` bytes (Infinity: never ends) as a JSON list's beginning and its repeated records, honouring back-pressure. */
function stream(res: ServerResponse, type: string, total: number, declare: boolean, head = '{"items":['): void {
  res.writeHead(200, { 'content-type': type, ...(declare ? { 'content-length': String(total) } : {}) });
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < total) {
      const chunk = sent === 0 ? Buffer.concat([Buffer.from(head), CHUNK]) : CHUNK;
      const part = total - sent < chunk.length ? chunk.subarray(0, total - sent) : chunk;
      sent += part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.on('error', () => undefined);
  pump();
}

const isHostilePath = (h: Hostility, url: URL) => !h.paths || h.paths.some((p) => url.pathname.startsWith(p));

/**
 * Answers the request the hostile way when the mode answers in place of the stand-in: true when it did. (A
 * record mode answers false: the stand-in answers, through `spoil`.)
 */
export function answerHostile(h: Hostility | null, req: IncomingMessage, url: URL, res: ServerResponse): boolean {
  if (!h || !isHostilePath(h, url)) return false;
  const redirect = (to: string) => {
    res.writeHead(302, { location: to, 'content-type': 'text/plain' });
    res.end('moved');
    return true;
  };
  switch (h.mode) {
    case 'redirect-other-host':
      return redirect(new URL(url.pathname + url.search, h.target ?? 'http://127.0.0.2:9').toString());
    case 'redirect-app':
      return redirect(h.target ?? 'http://127.0.0.1:9/api/docs/openapi.json');
    case 'redirect-same-origin':
      // once: to the same path with a mark, which then answers as the stand-in does
      return url.searchParams.has('moved') ? false : redirect(`${url.pathname}${url.search ? `${url.search}&` : '?'}moved=1`);
    case 'redirect-loop':
      return redirect(`${url.pathname}?loop=${Number(url.searchParams.get('loop') ?? 0) + 1}`);
    case 'huge-declared':
      return stream(res, typeOf(url), 1.5 * GB, true), true;
    case 'huge-streamed':
      return stream(res, typeOf(url), 1.5 * GB, false), true;
    case 'endless':
      return stream(res, typeOf(url), Infinity, false), true;
    case 'slow-drip': {
      res.writeHead(200, { 'content-type': typeOf(url) });
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(' ')), 100);
      res.on('close', () => clearInterval(t));
      return true;
    }
    case 'malformed-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"items":[{"id":"M-1","farm":"Half');
      return true;
    case 'not-utf8':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]));
      return true;
    case 'html-answer':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body><script>alert(1)</script>Sign in</body></html>');
      return true;
    default:
      return false;
  }
}

const typeOf = (url: URL) => (/\.(png|jpe?g|webp)$/.test(url.pathname) ? 'image/png' : 'application/json');

/** The stand-in's own JSON answer as the record modes spoil it (as JSON text: a NUL or a lone surrogate must survive). */
export function spoil(h: Hostility | null, url: URL, answer: unknown): { text: string; type: string } {
  const plain = { text: JSON.stringify(answer), type: 'application/json' };
  if (!h || !isHostilePath(h, url)) return plain;
  // a copy: the stand-in's own records stay as they are
  const body = structuredClone(answer);
  if (h.mode === 'json-as-text') return { ...plain, type: 'text/plain' };
  if (h.mode === 'page-wrong-types') return { text: JSON.stringify({ items: 'none', page: 'one', pageCount: { n: 1 } }), type: plain.type };
  const list = firstList(body);
  // one record spoilt: on a paged list, on its first page
  if (!list || !h.mode.startsWith('record-') || (url.searchParams.get('page') ?? '1') !== '1') return plain;
  const field = h.field ?? 'farm';
  const rec = list[0];
  const MARK = '"__spoilt__"';
  switch (h.mode) {
    case 'record-nul':
      rec[field] = `${String(rec[field] ?? '')}\u0000`;
      break;
    case 'record-surrogate':
      rec[field] = '__surrogate__';
      return { text: JSON.stringify(body).replace('"__surrogate__"', '"Farm \\ud800 one"'), type: plain.type };
    case 'record-deep':
      rec[field] = '__spoilt__';
      return { text: JSON.stringify(body).replace(MARK, `${'['.repeat(100_000)}${']'.repeat(100_000)}`), type: plain.type };
    case 'record-wrong-type':
      rec[field] = { $gt: '' };
      break;
    case 'record-script':
      rec[field] = '<script>alert("x")</script><img src=x onerror=alert(1)>';
      break;
    case 'record-no-id':
      delete rec.id;
      break;
    case 'record-duplicate-id':
      if (list.length > 1) list[1] = { ...list[1], id: rec.id };
      break;
    case 'record-long-text':
      rec[field] = 'y'.repeat(200_000);
      break;
  }
  return { text: JSON.stringify(body), type: plain.type };
}

/** the first list of objects in a JSON answer (a page's items, a submission's samples), searched breadth first */
function firstList(body: unknown): Record<string, unknown>[] | null {
  const todo = [body];
  for (let i = 0; i < todo.length && i < 100; i++) {
    const v = todo[i];
    if (Array.isArray(v) && v.length > 0 && v[0] && typeof v[0] === 'object') return v as Record<string, unknown>[];
    if (v && typeof v === 'object') todo.push(...Object.values(v));
  }
  return null;
}

/** A hostile mode from a control's body, or null (well again); throws on a mode it does not know. */
export function hostilityOf(j: Record<string, unknown>): Hostility | null {
  if (j.mode === null || j.mode === undefined) return null;
  if (!HOSTILE_MODES.includes(j.mode as HostileMode)) throw new Error(`no such hostile mode: ${String(j.mode)}`);
  return { mode: j.mode as HostileMode, target: j.target as string | undefined, field: j.field as string | undefined, paths: j.paths as string[] | undefined };
}
