import { appendFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { isEndpoint, isWatched, problemOf } from './openapi-answers';

/**
 * API tests: every answer a test receives from a Sapwood server it started (through ApiClient or `fetch`
 * directly) is checked against the OpenAPI document (tests/support/openapi-answers.ts, ADR 0111). An answer
 * the document does not declare rejects the call and fails the test, even one whose error the test caught.
 *
 * `OPENAPI_ANSWERS_LOG=<file>` lists them in the file instead, failing nothing: every undeclared answer of a
 * run at once, for declaring them (`answers` in packages/contracts).
 */
const LOG = process.env.OPENAPI_ANSWERS_LOG;
const WRAPPED = Symbol.for('sapwood.openapi-answers');
const found: string[] = [];

type Fetch = typeof fetch;
const global = globalThis as typeof globalThis & { [WRAPPED]?: { found: string[] } };
if (!global[WRAPPED]) {
  const original: Fetch = globalThis.fetch;
  const state = { found };
  global[WRAPPED] = state;
  globalThis.fetch = async (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) => {
    const res = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!isWatched(url)) return res;
    const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
    // an answer of anything else (an outside system's stand-in, which may send a hostile 1.5 GB) is not read here
    if (!isEndpoint(method, url)) return res;
    const contentType = res.headers.get('content-type');
    const json = (contentType ?? '').toLowerCase().startsWith('application/json');
    const text = json ? await res.clone().text() : '';
    const problem = problemOf(method, url, res.status, contentType, () => {
      try {
        return text ? JSON.parse(text) : null;
      } catch {
        return text;
      }
    });
    if (problem && LOG) appendFileSync(LOG, `${problem}\n`);
    else if (problem) {
      state.found.push(problem);
      throw new Error(problem);
    }
    return res;
  };
}

afterEach(() => {
  const state = global[WRAPPED]!;
  const problems = state.found.splice(0);
  if (problems.length > 0) throw new Error(`answers the OpenAPI document does not declare:\n${problems.join('\n')}`);
});
