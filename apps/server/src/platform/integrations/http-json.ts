/**
 * A JSON GET to an outside system, with a time-out; a failure is thrown as an `OutsideSystemError` whose
 * message says what went wrong in words a lab user can pass on ('Nvirotek timed out after 10 s',
 * 'Wynland answered 503: …', 'Nvirotek could not be reached: connect ECONNREFUSED …').
 */
export class OutsideSystemError extends Error {}

export async function getJson(system: string, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs) });
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
    throw new OutsideSystemError(`${system} answered ${res.status}${said}`);
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
  if (!res.ok) throw new OutsideSystemError(`${system} answered ${res.status}`);
  const data = new Uint8Array(await res.arrayBuffer());
  if (data.length > maxBytes) throw new OutsideSystemError(`${system} sent a file larger than ${Math.round(maxBytes / 1048576)} MB`);
  return data;
}
