/**
 * One request to an outside system, made so that a broken or hostile peer cannot hurt the app (issue 33):
 *
 * - redirects are followed by hand, at most MAX_REDIRECTS times and only within the origin the request was
 *   made to (the configured one): a redirect to any other host, or to the app itself, is refused, so the
 *   system's key is never sent anywhere else;
 * - the answer is read as a stream and counted while it is read: beyond `maxBytes` the download is broken
 *   off at once (memory stays bounded whatever the peer sends);
 * - the time-out covers the whole exchange, the answer's body included (a peer that drips its answer byte
 *   by byte times out like one that does not answer).
 *
 * Failures are thrown as an `OutsideSystemError` whose message a lab user can pass on.
 */
export class OutsideSystemError extends Error {
  /** the outside system's HTTP status when it answered with an error (a 4xx: it refused what was sent) */
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

export const MAX_REDIRECTS = 3;
const MB = 1024 * 1024;

export interface OutsideAnswer {
  status: number;
  ok: boolean;
  contentType: string;
  body: Uint8Array;
}

export interface OutsideRequest {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** the most bytes of the answer read; more is refused */
  maxBytes: number;
}

const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} kB`);
const timedOut = (system: string, ms: number) => new OutsideSystemError(`${system} timed out after ${Math.round(ms / 100) / 10} s`);
const isTimeout = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || (err.cause instanceof Error && err.cause.name === 'TimeoutError'));

/** Sends the request to `url` (following redirects within its origin) and reads the answer up to `maxBytes`. */
export async function outsideRequest(system: string, url: URL, req: OutsideRequest): Promise<OutsideAnswer> {
  const signal = AbortSignal.timeout(req.timeoutMs);
  const origin = url.origin;
  let target = url;
  let method = req.method ?? 'GET';
  let body = req.body;
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = await fetch(target, { method, headers: req.headers, body, redirect: 'manual', signal });
    } catch (err) {
      if (isTimeout(err)) throw timedOut(system, req.timeoutMs);
      const reason = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      throw new OutsideSystemError(`${system} could not be reached: ${reason}`);
    }
    if (res.status < 300 || res.status >= 400 || res.status === 304) return { status: res.status, ok: res.ok, contentType: res.headers.get('content-type') ?? '', body: await readCapped(system, res, req) };
    await res.body?.cancel().catch(() => undefined);
    const location = res.headers.get('location');
    if (!location) throw new OutsideSystemError(`${system} answered ${res.status} without saying where to`, res.status);
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw new OutsideSystemError(`${system} redirected to an address that cannot be read; not followed`, res.status);
    }
    if (next.origin !== origin) throw new OutsideSystemError(`${system} redirected to another host (${next.origin}); not followed, and nothing was sent there`, res.status);
    if (hop >= MAX_REDIRECTS) throw new OutsideSystemError(`${system} redirected more than ${MAX_REDIRECTS} times; not followed further`, res.status);
    // as browsers do: 307 and 308 repeat the request as it was, the others become a GET
    if (res.status !== 307 && res.status !== 308) {
      method = 'GET';
      body = undefined;
    }
    target = next;
  }
}

/** The answer's body, counted while it is read and broken off beyond the limit. */
async function readCapped(system: string, res: Response, req: OutsideRequest): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  const tooLarge = () => new OutsideSystemError(`${system} sent an answer larger than ${sizeText(req.maxBytes)}; it was not read further`);
  if (declared > req.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > req.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof OutsideSystemError) throw err;
    if (isTimeout(err)) throw timedOut(system, req.timeoutMs);
    throw new OutsideSystemError(`${system} broke off its answer: ${err instanceof Error ? err.message : String(err)}`);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
