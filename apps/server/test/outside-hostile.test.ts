import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leafsEndpoints as ep } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';
import { type CaptureStandIn, startCaptureStandIn } from '../../../tools/stand-ins/capture-server';
import type { HostileMode } from '../../../tools/stand-ins/hostile-modes';
import { startMfwStandIn } from '../../../tools/stand-ins/mfw-server';
import { startNvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';
import { type OtherHost, startOtherHost } from '../../../tools/stand-ins/other-host';
import { startWynlandStandIn } from '../../../tools/stand-ins/wynland-server';
import { createMfwClient } from '../src/platform/integrations/mfw.client';
import { createNvirotekClient } from '../src/platform/integrations/nvirotek.client';
import { createWynlandClient } from '../src/platform/integrations/wynland.client';

/**
 * Issue 33: the capture app's stand-in answers in each of the hostile ways of hostile-modes.ts (selected through
 * its control, as a developer would), one after the other, and the app stays up, refuses clearly, imports
 * the good captures, sends its key nowhere else, and its memory stays bounded (a 1.5 GB or an endless answer
 * is broken off at the size limit, counted while it is read). Findings 1 (redirects to other hosts, with the
 * key), 2 (one bad capture failed every sync) and 3 (sizes checked after the download) each fail on the old code.
 */
let app: CaptureStandIn;
let other: OtherHost;
let server: TestServer;
let staff: ApiClient;
const LEAF = 60;
const FIRST = 'LF-000001';

beforeAll(async () => {
  app = await startCaptureStandIn({ apiKey: 'cap-key', leaf: LEAF, soil: 0 });
  other = await startOtherHost();
  server = await startTestServer({ CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key', CAPTURE_TIMEOUT_MS: '2000' });
  const db = server.built.deps.db;
  await seedCarbohydrateReference(db);
  await db.insertInto('crops').values([{ name: 'Macadamia', factor: 1 }, { name: 'Apple', factor: 1 }, { name: 'Table grape', factor: 1 }]).execute();
  staff = await signedIn(server.url, await createUser(db, ['Leafs']));
});
afterAll(async () => {
  await server?.close();
  await app?.close();
  await other?.close();
});

async function hostile(h: { mode: HostileMode | null; target?: string; field?: string; paths?: string[] }) {
  const r = await fetch(`${app.url}/__control/hostile`, { method: 'POST', body: JSON.stringify(h) });
  expect(r.status).toBe(200);
}

async function sync() {
  const start = await staff.call(ep.sync, {});
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  for (const deadline = Date.now() + 30_000; ;) {
    const s = (await staff.call(ep.syncStatus, {})).body;
    if (s?.jobId === start.body.jobId && (s.status === 'done' || s.status === 'failed')) return s.result ?? { ok: false, error: s.error };
    if (Date.now() > deadline) throw new Error(`sync did not end: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** the server's memory (this process: the app runs in it) at its highest while `work` runs, above where it began */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ value: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const t = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, growthMb: (peak - before) / 1048576 };
  } finally {
    clearInterval(t);
  }
}

type Result = Awaited<ReturnType<typeof sync>>;
/** one capture refused with its reason (kept on the Refused list: counted as added, unless it had no id), the others imported */
const refused = (reason: RegExp, key = FIRST, added = LEAF) => (r: Result) => {
  expect(r).toMatchObject({ ok: true, added, refused: 1 });
  expect(r.refusedCaptures).toEqual([{ key, reason: expect.stringMatching(reason) }]);
};
const failed = (error: RegExp) => (r: Result) => {
  expect(r).toMatchObject({ ok: false, added: 0 });
  expect(r.error).toMatch(error);
  // never a database's or the engine's words
  expect(r.error).not.toMatch(/invalid input syntax|unsupported Unicode|call stack/i);
};
const LIST = ['/api/captures'];

const CASES: { mode: HostileMode; field?: string; target?: () => string; expect: (r: Result) => void }[] = [
  { mode: 'redirect-other-host', target: () => other.url, expect: failed(/^The capture app redirected to another host \(http:\/\/127\.0\.0\.1:\d+\); not followed/) },
  { mode: 'redirect-app', target: () => `${server.url}/api/docs/openapi.json`, expect: failed(/redirected to another host/) },
  { mode: 'redirect-same-origin', expect: (r) => expect(r).toMatchObject({ ok: true, added: LEAF, refused: 0 }) },
  { mode: 'redirect-loop', expect: failed(/redirected more than 3 times/) },
  { mode: 'huge-declared', expect: failed(/sent an answer larger than 8 MB; it was not read further/) },
  { mode: 'huge-streamed', expect: failed(/sent an answer larger than 8 MB; it was not read further/) },
  { mode: 'endless', expect: failed(/sent an answer larger than 8 MB; it was not read further/) },
  { mode: 'slow-drip', expect: failed(/^The capture app timed out after 2 s/) },
  { mode: 'malformed-json', expect: failed(/answered something that is not JSON/) },
  { mode: 'not-utf8', expect: failed(/answered something that is not UTF-8 text/) },
  { mode: 'html-answer', expect: failed(/answered 'text\/html' where JSON was expected/) },
  { mode: 'json-as-text', expect: failed(/answered 'text\/plain' where JSON was expected/) },
  { mode: 'page-wrong-types', expect: failed(/answered something that is not its capture list/) },
  { mode: 'record-nul', expect: refused(/^field 'farm' contains a NUL character$/) },
  { mode: 'record-surrogate', expect: refused(/^field 'farm' contains a broken Unicode character/) },
  { mode: 'record-deep', expect: refused(/^field 'farm\[0\]\[0\].*' is nested deeper than 12 levels$/) },
  { mode: 'record-wrong-type', field: 'sampleNumber', expect: refused(/^field 'sampleNumber' is not text$/) },
  { mode: 'record-long-text', expect: refused(/^field 'farm' is longer than 10000 characters$/) },
  { mode: 'record-no-id', expect: refused(/^it has no usable id$/, '(page 1, capture 1)', LEAF - 1) },
  { mode: 'record-duplicate-id', expect: (r) => expect(r).toMatchObject({ ok: true, added: LEAF - 1, refused: 0 }) },
  { mode: 'record-script', expect: (r) => expect(r).toMatchObject({ ok: true, added: LEAF, refused: 0 }) },
];

describe('a hostile capture app', () => {
  it.each(CASES)('$mode: the app stays up, refuses clearly, imports the good captures, sends its key nowhere else', async (c) => {
    await server.built.deps.db.deleteFrom('captures').execute();
    other.requests.length = 0;
    await hostile({ mode: c.mode, field: c.field, target: c.target?.(), paths: LIST });
    try {
      const { value, growthMb } = await peakGrowth(sync);
      c.expect(value);
      expect(growthMb).toBeLessThan(100);
    } finally {
      await hostile({ mode: null });
    }
    // nothing reached the other host, least of all the key; the app is up and syncs again when the peer is well
    expect(other.requests).toEqual([]);
    expect(await sync()).toMatchObject({ ok: true });
  });

  it('keeps what a refused capture said (storable) on the Refused list, and a script in a field as plain text', async () => {
    await server.built.deps.db.deleteFrom('captures').execute();
    await hostile({ mode: 'record-nul', paths: LIST });
    await sync();
    await hostile({ mode: null });
    const rows = (await staff.call(ep.refused, {})).body.rows;
    expect(rows).toMatchObject([{ key: FIRST, reason: "field 'farm' contains a NUL character", farmName: expect.stringMatching(/\uFFFD$/) }]);
    expect((await staff.call(ep.getApiData, { id: rows[0].id })).body.original).toMatchObject({ id: FIRST, farm: expect.stringMatching(/\uFFFD$/) });

    await server.built.deps.db.deleteFrom('captures').execute();
    await hostile({ mode: 'record-script', paths: LIST });
    await sync();
    await hostile({ mode: null });
    const found = (await staff.call(ep.notCompleted, { search: 'L26001' })).body.rows;
    expect(found.map((x: { farmName: string }) => x.farmName)).toEqual(['<script>alert("x")</script><img src=x onerror=alert(1)>']);
  });
});

describe('a hostile capture app’s photos', () => {
  const PHOTO = ['/photos/'];
  const photoSync = async () => {
    const id = (await staff.call(ep.notCompleted, { search: 'L26001' })).body.rows[0].id as number;
    const r = await staff.call(ep.syncPhotoAndLocation, { id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const PHOTO_CASES: { mode: HostileMode; error: RegExp; target?: () => string }[] = [
    { mode: 'redirect-other-host', target: () => other.url, error: /^The capture app redirected to another host \(http:\/\/127\.0\.0\.1:\d+\); not followed/ },
    { mode: 'huge-streamed', error: /^The capture app sent an answer larger than 10 MB; it was not read further$/ },
    { mode: 'endless', error: /^The capture app sent an answer larger than 10 MB; it was not read further$/ },
    { mode: 'html-answer', error: /^The capture app answered 'text\/html' where a file was expected$/ },
  ];
  it.each(PHOTO_CASES)('$mode: the photo is refused, memory bounded, nothing sent elsewhere', async (c) => {
    await server.built.deps.db.deleteFrom('captures').execute();
    await sync();
    other.requests.length = 0;
    await hostile({ mode: c.mode, target: c.target?.(), paths: PHOTO });
    try {
      const { value, growthMb } = await peakGrowth(photoSync);
      expect(value).toMatchObject({ ok: false, photoPath: null });
      expect(value.error).toMatch(c.error);
      expect(growthMb).toBeLessThan(100);
    } finally {
      await hostile({ mode: null });
    }
    expect(other.requests).toEqual([]);
    expect(await photoSync()).toMatchObject({ ok: true, error: null });
  });
});

/**
 * The labs' and MFW's stand-ins turned hostile the same way: each client refuses clearly, keeps its key, and
 * reads no more than its cap. (A bad record of a lab's list is refused on its own, naming it: ADR 0150.)
 */
/**
 * The clients' time-out in these cases: long enough that an endless answer reaches the 8 MB cap first even on a slow,
 * busy machine (at 2 s a CI run beside the browser tests timed out before the cap; the cap, not the clock, is what
 * these cases check)
 */
const HOSTILE_TIMEOUT_MS = 15_000;
const refusedCrop = ({ refused }: { refused: { name: string; reason: string }[] }) => (refused.length ? `crop ${refused[0].name} refused: ${refused[0].reason}` : null);
describe('hostile labs and MFW', () => {
  type Turnable = { url: string; turnHostile(h: { mode: HostileMode; target?: string; field?: string } | null): void; close(): Promise<void> };
  const SYSTEMS: { name: string; start: () => Promise<Turnable>; call: (url: string) => Promise<string | null>; nameField?: string }[] = [
    {
      name: 'Nvirotek', start: () => startNvirotekStandIn({ apiKey: 'nv-key' }), nameField: 'name',
      call: async (url) => createNvirotekClient({ url, apiKey: 'nv-key', timeoutMs: HOSTILE_TIMEOUT_MS }).listCrops().then(refusedCrop, (e: Error) => e.message),
    },
    {
      name: 'Wynland', start: () => startWynlandStandIn({ apiKey: 'wy-key' }), nameField: 'Description',
      call: async (url) => createWynlandClient({ url, apiKey: 'wy-key', timeoutMs: HOSTILE_TIMEOUT_MS }).listCrops().then(refusedCrop, (e: Error) => e.message),
    },
    {
      name: 'MFW', start: () => startMfwStandIn({ apiKey: 'mfw-key' }) as Promise<Turnable>,
      call: async (url) => {
        const result = { sampleNumber: 'S1', block: 'B1', crop: 'Pecan', cultivar: null, growthStage: 'Dormant', organ: 'Root', sugar: 1, starch: 2, sampleDate: '2026-11-20', resultDate: null };
        const post = { client: 'C', farm: 'F', agent: '', agriculturist: '', results: [result] };
        const a = await createMfwClient({ url, apiKey: 'mfw-key', timeoutMs: HOSTILE_TIMEOUT_MS, retries: 1 }).postResults(post, 'k-1', async () => undefined);
        return a.error;
      },
    },
  ];
  const MODES: { mode: HostileMode; error: (system: string) => RegExp; records?: true }[] = [
    { mode: 'redirect-other-host', error: (x) => new RegExp(`^${x} redirected to another host \\(http://127\\.0\\.0\\.1:\\d+\\); not followed`) },
    { mode: 'huge-streamed', error: (x) => new RegExp(`^${x} sent an answer larger than 8 MB; it was not read further$`) },
    { mode: 'endless', error: (x) => new RegExp(`^${x} sent an answer larger than 8 MB; it was not read further$`) },
    // a bad crop is refused on its own, the rest of the list taken (ADR 0150)
    { mode: 'record-nul', records: true, error: () => /^crop .+ refused: field '\w+' contains a NUL character$/ },
  ];
  const rows = SYSTEMS.flatMap((system) => MODES.filter((m) => !m.records || system.nameField).map((m) => ({ ...m, system, label: `${system.name} ${m.mode}` })));
  it.each(rows)('$label: refused clearly, the key kept, memory bounded', async ({ system, mode, error }) => {
    const stand = await system.start();
    try {
      other.requests.length = 0;
      stand.turnHostile({ mode, target: other.url, field: system.nameField });
      const { value, growthMb } = await peakGrowth(() => system.call(stand.url));
      expect(value).toMatch(error(system.name));
      expect(growthMb).toBeLessThan(100);
      expect(other.requests).toEqual([]);
      stand.turnHostile(null);
      expect(await system.call(stand.url)).toBeNull();
    } finally {
      await stand.close();
    }
  });
});
