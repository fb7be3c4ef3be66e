import type { EndpointDef, InputOf, OutputOf } from '@sapwood/contracts';
import { loading } from './loading';
import { markTold, notify } from './notify';

/** An answer other than 2xx, with the server's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string; fields?: { field: string; message: string }[] } | null,
  ) {
    super(body?.message ?? `Request failed (${status})`);
  }
  fieldMessage(field: string): string | undefined {
    return this.body?.fields?.find((f) => f.field === field)?.message;
  }
}

let onUnauthorized: (() => void) | null = null;
/** The app decides what a 401 means (back to sign-in, remembering where the user was). */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

let leaving = false;
/**
 * The page is about to load another one on purpose (logout): a 401 from a request still in flight
 * must not start a second navigation that aborts the first.
 */
export function leavingPage() {
  leaving = true;
}

/** Non-finite numbers go as 0 and dates before the epoch as the epoch (spec part 1 §7). */
function replacer(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (typeof raw === 'number' && !Number.isFinite(raw)) return 0;
  if (raw instanceof Date) return raw.getTime() < 0 ? new Date(0).toISOString() : raw.toISOString();
  return value;
}

export function toQueryString(input: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.set(k, v instanceof Date ? v.toISOString() : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The URL of a GET endpoint (downloads are plain links). */
export function endpointUrl<E extends EndpointDef>(ep: E, input?: InputOf<E>): string {
  return ep.path + toQueryString(input as Record<string, unknown>);
}

export interface CallOptions {
  /** hold the loading overlay while the call runs; a failure shows 'Something went wrong.' */
  overlay?: boolean;
  signal?: AbortSignal;
  /** a 401 is only thrown, not taken as a sign-out (a request started before the session is known, lib/earlyRequests.ts) */
  quietUnauthorized?: boolean;
}

/** Calls an endpoint by its declaration: typed input, and the answer parsed with its declared schema. */
export function call<E extends EndpointDef>(ep: E, input?: InputOf<E>, opts: CallOptions = {}): Promise<OutputOf<E>> {
  return withOverlay(opts, async () => {
    const res = await fetch(ep.method === 'GET' ? endpointUrl(ep, input) : ep.path, {
      method: ep.method,
      credentials: 'same-origin',
      signal: opts.signal,
      headers: ep.method === 'POST' ? { 'content-type': 'application/json' } : undefined,
      body: ep.method === 'POST' ? JSON.stringify(input ?? {}, replacer) : undefined,
    });
    const text = await res.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (!res.ok) {
      if (res.status === 401 && onUnauthorized && !leaving && !opts.quietUnauthorized) onUnauthorized();
      throw new ApiError(res.status, json as ApiError['body']);
    }
    return ep.output.parse(json) as OutputOf<E>;
  });
}

/** Runs a call holding the loading overlay if asked; a failure it does not leave to the caller is then told as 'Something went wrong.'. */
async function withOverlay<T>(opts: CallOptions, run: () => Promise<T>): Promise<T> {
  const release = opts.overlay ? loading.hold() : null;
  try {
    return await run();
  } catch (err) {
    if (opts.overlay && generic(err)) {
      notify.error('Something went wrong.');
      markTold(err);
    }
    throw err;
  } finally {
    release?.();
  }
}

/**
 * A failure the overlay words as 'Something went wrong.' (spec §9): the network, a 5xx, an answer not understood.
 * A refusal of a change in the server's own words (a 400 naming a field, a 409 over a newer version, a 422) is
 * left to the caller, which shows those words where they belong; a cancelled call is no failure.
 */
const REFUSALS = new Set([400, 409, 422]);
function generic(err: unknown): boolean {
  if (err instanceof DOMException && err.name === 'AbortError') return false;
  return !(err instanceof ApiError && REFUSALS.has(err.status));
}

/** Posts a multipart form (file uploads) to an endpoint declared as multipart. */
export function callMultipart<E extends EndpointDef>(ep: E, form: FormData, opts: CallOptions = {}): Promise<OutputOf<E>> {
  return withOverlay(opts, async () => {
    const res = await fetch(ep.path, { method: 'POST', body: form, credentials: 'same-origin' });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new ApiError(res.status, json as ApiError['body']);
    return ep.output.parse(json) as OutputOf<E>;
  });
}
