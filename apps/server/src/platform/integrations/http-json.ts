/**
 * JSON to and from an outside system, with a time-out; a failure is thrown as an `OutsideSystemError` whose
 * message says what went wrong in words a lab user can pass on ('Nvirotek timed out after 10 s',
 * 'Wynland answered 503: …', 'Nvirotek could not be reached: connect ECONNREFUSED …').
 */
export class OutsideSystemError extends Error {
  /** the outside system's HTTP status when it answered with an error (a 4xx: it refused what was sent) */
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

export function getJson(system: string, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  return requestJson(system, url, { headers: { accept: 'application/json', ...headers } }, timeoutMs);
}

/** Whether the outside system has what is at the URL: true when it answers, false for a 404; other failures as in `getJson`. */
export async function existsAt(system: string, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<boolean> {
  try {
    await getJson(system, url, headers, timeoutMs);
    return true;
  } catch (err) {
    if (err instanceof OutsideSystemError && err.status === 404) return false;
    throw err;
  }
}

/** A JSON POST to an outside system; failures as in `getJson`. */
export function postJson(system: string, url: URL, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<unknown> {
  return requestJson(system, url, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }, timeoutMs);
}

async function requestJson(system: string, url: URL, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') throw new OutsideSystemError(`${system} timed out after ${Math.round(timeoutMs / 100) / 10} s`);
    const reason = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    throw new OutsideSystemError(`${system} could not be reached: ${reason}`);
  }
  let body: string;
  try {
    body = await res.text();
  } catch (err) {
    throw new OutsideSystemError(`${system} broke off its answer: ${err instanceof Error ? err.message : String(err)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const said = json && typeof json === 'object' && 'error' in json && typeof json.error === 'string' ? `: ${json.error.slice(0, 200)}` : '';
    throw new OutsideSystemError(`${system} answered ${res.status}${said}`, res.status);
  }
  if (json === undefined) throw new OutsideSystemError(`${system} answered something that is not JSON`);
  return json;
}

/** A binary GET (a photo) with a time-out and a size limit; failures as in `getJson`. */
export async function getBytes(system: string, url: URL, headers: Record<string, string>, timeoutMs: number, maxBytes: number): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') throw new OutsideSystemError(`${system} timed out after ${Math.round(timeoutMs / 100) / 10} s`);
    const reason = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    throw new OutsideSystemError(`${system} could not be reached: ${reason}`);
  }
  if (!res.ok) throw new OutsideSystemError(`${system} answered ${res.status}`, res.status);
  const data = new Uint8Array(await res.arrayBuffer());
  if (data.length > maxBytes) throw new OutsideSystemError(`${system} sent a file larger than ${Math.round(maxBytes / 1048576)} MB`);
  return data;
}
