import { MAX_JSON_BYTES, answerText, parseJson } from './http-json';
import { storableText } from './outside-record';
import { OutsideSystemError, outsideRequest } from './outside-request';

/**
 * The farm-management system (MFW): the one module that speaks to it. Configured by MFW_URL and
 * MFW_API_KEY. Each post carries an Idempotency-Key, so a retry (ours after a network fault or 5xx, or
 * the user's) never creates a duplicate on the far side.
 */
export interface MfwResultPost {
  client: string;
  farm: string;
  agent: string;
  agriculturist: string;
  reportId?: number;
  results: {
    sampleNumber: string;
    block: string;
    crop: string;
    cultivar: string | null;
    growthStage: string;
    organ: string;
    sugar: number | null;
    starch: number | null;
    sampleDate: string;
    resultDate: string | null;
  }[];
}

export interface MfwAttempt {
  attempt: number;
  ok: boolean;
  httpStatus: number | null;
  body: string | null;
  error: string | null;
  farmId: string | null;
}

/** The results of a lab submission's samples (leaf: the element values; farmers: the soil values), by code with units. */
export interface MfwSampleResultsPost {
  submissionId: number;
  kind: 'leaf' | 'soil';
  client: string;
  farm: string;
  lab: string;
  dateSampled: string | null;
  completedAt: string | null;
  samples: {
    sampleNumber: string;
    block: string;
    crop: string | null;
    labNumber: string;
    na: boolean;
    /** `flag`: an outside lab's value outside its plausible bounds, with what is wrong ('Impossible: at most 100 %') */
    values: { code: string; value: number; unit: string; flag?: string }[];
  }[];
}

type OnAttempt = (a: MfwAttempt) => Promise<void>;

export interface MfwClient {
  readonly configured: boolean;
  /** carbohydrate results of a location group (POST /api/results) */
  postResults(post: MfwResultPost, idempotencyKey: string, onAttempt: OnAttempt): Promise<MfwAttempt>;
  /** a submission's sample results (POST /api/v1/sample-results) */
  postSampleResults(post: MfwSampleResultsPost, idempotencyKey: string, onAttempt: OnAttempt): Promise<MfwAttempt>;
}

export function createMfwClient(cfg: { url?: string; apiKey?: string; timeoutMs: number; retries?: number }): MfwClient {
  const retries = cfg.retries ?? 3;
  /** Posts `body` to `path`, retrying a network fault, 5xx or 429 with the same key; every attempt is told to `onAttempt`. */
  async function post(path: string, body: unknown, key: string, onAttempt: OnAttempt): Promise<MfwAttempt> {
    if (!cfg.url) {
      const a: MfwAttempt = { attempt: 1, ok: false, httpStatus: null, body: null, error: 'MFW is not configured (MFW_URL is not set).', farmId: null };
      await onAttempt(a);
      return a;
    }
    let last: MfwAttempt | null = null;
    for (let attempt = 1; attempt <= retries; attempt += 1) {
      last = await once(new URL(path, cfg.url), cfg.apiKey, cfg.timeoutMs, body, key, attempt);
      await onAttempt(last);
      const retryable = !last.ok && (last.httpStatus === null || last.httpStatus >= 500 || last.httpStatus === 429);
      if (!retryable) break;
      if (attempt < retries) await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
    }
    return last!;
  }
  return {
    configured: !!cfg.url,
    postResults: (body, key, onAttempt) => post('/api/results', body, key, onAttempt),
    postSampleResults: (body, key, onAttempt) => post('/api/v1/sample-results', body, key, onAttempt),
  };
}

async function once(url: URL, apiKey: string | undefined, timeoutMs: number, post: unknown, key: string, attempt: number): Promise<MfwAttempt> {
  try {
    const res = await outsideRequest('MFW', url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': key,
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      body: JSON.stringify(post),
      timeoutMs,
      maxBytes: MAX_JSON_BYTES,
    });
    const body = answerText('MFW', res.body);
    const json = parseJson(body) as { farmId?: unknown; message?: unknown; error?: unknown } | undefined;
    const farmId = json && typeof json === 'object' && json.farmId !== undefined && json.farmId !== null ? String(json.farmId).slice(0, 100) : null;
    const message = json && typeof json === 'object' ? (typeof json.message === 'string' ? json.message : typeof json.error === 'string' ? json.error : null) : null;
    // the answer is kept with the attempt: as text a database takes (no NUL, no lone surrogate), and not all of a large one
    const kept = storableText(body);
    if (res.ok) return { attempt, ok: true, httpStatus: res.status, body: kept, error: null, farmId };
    return { attempt, ok: false, httpStatus: res.status, body: kept, error: `MFW answered ${res.status}${message ? `: ${message.slice(0, 200)}` : ''}`, farmId: null };
  } catch (err) {
    if (!(err instanceof OutsideSystemError)) throw err;
    return { attempt, ok: false, httpStatus: err.status ?? null, body: null, error: err.message, farmId: null };
  }
}
