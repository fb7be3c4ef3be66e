import { OutsideSystemError, outsideRequest } from './outside-request';

export { OutsideSystemError } from './outside-request';

/**
 * JSON to and from an outside system over `outsideRequest` (redirects within the system's origin only, the
 * answer counted while read, one time-out for it all); a failure is thrown as an `OutsideSystemError` whose
 * message says what went wrong in words a lab user can pass on ('Nvirotek timed out after 10 s', 'Wynland
 * answered 503: …', 'Nvirotek could not be reached: connect ECONNREFUSED …', 'The capture app sent an answer
 * larger than 8 MB; it was not read further').
 */

/** the largest JSON answer read (a page of a list, an order's results) */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;

export function getJson(system: string, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  return requestJson(system, url, { headers: { accept: 'application/json', ...headers } }, timeoutMs);
}

/** The JSON at the URL, or null when the outside system answers 404 (it has nothing there); other failures as in `getJson`. */
export async function findJson(system: string, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  try {
    return await getJson(system, url, headers, timeoutMs);
  } catch (err) {
    if (err instanceof OutsideSystemError && err.status === 404) return null;
    throw err;
  }
}

/** A JSON POST to an outside system; failures as in `getJson`. */
export function postJson(system: string, url: URL, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<unknown> {
  return requestJson(system, url, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }, timeoutMs);
}

/** An answer's text; bytes that are not UTF-8 are refused, not guessed at. */
export function answerText(system: string, body: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new OutsideSystemError(`${system} answered something that is not UTF-8 text`);
  }
}

/** JSON.parse, or undefined for text that is not JSON (V8's parser does not recurse: deep nesting cannot overflow the stack). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isJsonType = (contentType: string) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());

async function requestJson(system: string, url: URL, init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string }, timeoutMs: number): Promise<unknown> {
  const res = await outsideRequest(system, url, { ...init, timeoutMs, maxBytes: MAX_JSON_BYTES });
  const json = parseJson(answerText(system, res.body));
  if (!res.ok) {
    const said = json && typeof json === 'object' && 'error' in json && typeof json.error === 'string' ? `: ${json.error.slice(0, 200)}` : '';
    throw new OutsideSystemError(`${system} answered ${res.status}${said}`, res.status);
  }
  if (!isJsonType(res.contentType)) throw new OutsideSystemError(`${system} answered ${res.contentType ? `'${res.contentType.slice(0, 60)}'` : 'without a content type'} where JSON was expected`);
  if (json === undefined) throw new OutsideSystemError(`${system} answered something that is not JSON`);
  return json;
}

/** A binary GET (a photo, a file) with a time-out and a size limit counted while it is read; failures as in `getJson`. */
export async function getBytes(system: string, url: URL, headers: Record<string, string>, timeoutMs: number, maxBytes: number): Promise<Uint8Array> {
  const res = await outsideRequest(system, url, { headers, timeoutMs, maxBytes });
  if (!res.ok) throw new OutsideSystemError(`${system} answered ${res.status}`, res.status);
  if (/^(text\/|application\/(json|xml|javascript))/i.test(res.contentType)) throw new OutsideSystemError(`${system} answered '${res.contentType.slice(0, 60)}' where a file was expected`);
  return res.body;
}

/**
 * An outside system's base URL as a call needs it: the URL, or (not configured) an OutsideSystemError naming the
 * setting, so that the screen says what to set.
 */
export function baseUrlOf(system: string, setting: string, url: string | undefined): () => string {
  return () => {
    if (!url) throw new OutsideSystemError(`${system} is not configured (${setting} is not set)`);
    return url;
  };
}
