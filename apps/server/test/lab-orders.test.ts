import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FARMERS_RESULT_VALUES, LEAF_RESULT_VALUES } from '@sapwood/contracts';
import { OutsideSystemError } from '../src/platform/integrations/http-json';
import type { LabOrder } from '../src/platform/integrations/lab-orders';
import { createNvirotekClient } from '../src/platform/integrations/nvirotek.client';
import { createWynlandClient } from '../src/platform/integrations/wynland.client';
import { type NvirotekStandIn, startNvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';
import { type WynlandStandIn, startWynlandStandIn } from '../../../tools/stand-ins/wynland-server';
import { runTag } from '../../../tools/stand-ins/lab-orders.book';

/**
 * The outside labs' order calls (issue 13) through their one client module each, against their stand-ins
 * over real HTTP: an order placed answers a work order and a job number; sending the same order again — after
 * a time-out that lost the lab's answer — never makes a second lab order; a refusal says why and is told from
 * a failure; results come back as the lab publishes them, under the app's value codes; a job number is
 * known with its work order (a job linked by hand is read by it: ADR 0247) or not.
 */
let nv: NvirotekStandIn;
let wl: WynlandStandIn;

beforeAll(async () => {
  nv = await startNvirotekStandIn({ apiKey: 'nv-key' });
  wl = await startWynlandStandIn({ apiKey: 'wl-key' });
});
afterAll(async () => {
  await nv?.close();
  await wl?.close();
});

const nvirotek = (timeoutMs = 5_000) => createNvirotekClient({ url: nv.url, apiKey: 'nv-key', timeoutMs });
const wynland = (timeoutMs = 5_000) => createWynlandClient({ url: wl.url, apiKey: 'wl-key', timeoutMs });

const leafOrder = (reference: string, cropCode: string, samples = ['L1', 'L2', 'L3']): LabOrder => ({
  reference, kind: 'leaf', client: 'Orchard Co', farm: 'Eastside', dateSampled: '2026-11-20',
  samples: samples.map((sampleNumber) => ({ sampleNumber, cropCode, test: 'StandardItestLeaf', optionalTests: [] })),
});

const leafCodes = new Set<string>(LEAF_RESULT_VALUES.map((v) => v.code));
const soilCodes = new Set<string>(FARMERS_RESULT_VALUES.map((v) => v.code));

describe('Nvirotek orders', () => {
  it('places an order, and its results come back as the lab publishes them, under the app codes', async () => {
    const placed = await nvirotek().placeOrder(leafOrder('sapwood-submission-1', 'MAC'));
    expect(placed).toEqual({ workOrder: 'NV-WO-00001', labJobId: 'NVJ240001' });
    expect(await nvirotek().orderStatus(placed.workOrder)).toEqual({ workOrder: 'NV-WO-00001', labJobId: 'NVJ240001', complete: false, samples: [], refused: [] });
    nv.publish(placed.workOrder, ['L2']);
    const some = await nvirotek().orderStatus(placed.workOrder);
    expect(some.complete).toBe(false);
    expect(some.samples.map((s) => s.sampleNumber)).toEqual(['L2']);
    const published = nv.orders[0].samples[1];
    expect(some.samples[0]).toEqual({ sampleNumber: 'L2', labNumber: published.labNumber, values: published.values });
    expect(Object.keys(some.samples[0].values).every((c) => leafCodes.has(c))).toBe(true);
    expect(some.samples[0].values.N).toBeGreaterThan(1);
    nv.publish(placed.workOrder);
    const all = await nvirotek().orderStatus(placed.workOrder);
    expect(all.complete).toBe(true);
    expect(all.samples.map((s) => s.sampleNumber)).toEqual(['L1', 'L2', 'L3']);
  });

  it('answers the same work order when an order is sent again after a time-out, and makes one lab order', async () => {
    const before = nv.orders.length;
    nv.delayNext(1, 1_500);
    const lost = await nvirotek(300).placeOrder(leafOrder('sapwood-submission-2', 'PEC')).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(OutsideSystemError);
    expect((lost as OutsideSystemError).message).toBe('Nvirotek timed out after 0.3 s');
    expect((lost as OutsideSystemError).status).toBeUndefined();
    const again = await nvirotek().placeOrder(leafOrder('sapwood-submission-2', 'PEC'));
    await new Promise((r) => setTimeout(r, 1_600)); // the lost request reaches the lab too
    expect(nv.orders.length).toBe(before + 1);
    expect(await nvirotek().placeOrder(leafOrder('sapwood-submission-2', 'PEC'))).toEqual(again);
    expect(nv.orders.length).toBe(before + 1);
  });

  it('says why it refuses an order (a 4xx), and tells a failure apart (no 4xx)', async () => {
    const refused = await nvirotek().placeOrder(leafOrder('sapwood-submission-3', 'XYZ')).catch((e: unknown) => e) as OutsideSystemError;
    expect(refused.message).toBe("Nvirotek answered 422: sample L1: unknown crop code 'XYZ'");
    expect(refused.status).toBe(422);
    const twice = await nvirotek().placeOrder(leafOrder('sapwood-submission-3', 'MAC', ['L1', 'l1'])).catch((e: unknown) => e) as OutsideSystemError;
    expect(twice.message).toBe('Nvirotek answered 422: sample l1 appears twice');
    nv.failNext(1, 503, 'maintenance');
    const down = await nvirotek().placeOrder(leafOrder('sapwood-submission-3', 'MAC')).catch((e: unknown) => e) as OutsideSystemError;
    expect(down.message).toBe('Nvirotek answered 503: maintenance');
    expect(down.status).toBe(503);
    const unset = await createNvirotekClient({ timeoutMs: 1_000 }).placeOrder(leafOrder('x', 'MAC')).catch((e: unknown) => e) as OutsideSystemError;
    expect(unset.message).toBe('Nvirotek is not configured (NVIROTEK_URL is not set)');
    const badKey = await createNvirotekClient({ url: nv.url, apiKey: 'wrong', timeoutMs: 1_000 }).placeOrder(leafOrder('y', 'MAC')).catch((e: unknown) => e) as OutsideSystemError;
    expect(badKey.status).toBe(401);
  });

  it("takes a farmers' soil order; its results are the soil values", async () => {
    const placed = await nvirotek().placeOrder({ ...leafOrder('sapwood-submission-4', ''), kind: 'soil', samples: [{ sampleNumber: 'S1', cropCode: null, test: 'PBrayI', optionalTests: [] }] });
    nv.publish(placed.workOrder);
    const status = await nvirotek().orderStatus(placed.workOrder);
    expect(status.complete).toBe(true);
    const values = status.samples[0].values;
    expect(Object.keys(values).every((c) => soilCodes.has(c))).toBe(true);
    expect(values.phKcl).toBeGreaterThanOrEqual(4);
    expect(values.pBrayI).toBeGreaterThan(0);
  });

  it('answers a job it made with its work order, one made without an order too (over HTTP as well), null for another; a malformed answer is an OutsideSystemError', async () => {
    expect(await nvirotek().jobOf('NVJ240001')).toEqual({ workOrder: nv.orders.find((o) => o.jobNumber === 'NVJ240001')!.workOrder });
    expect(await nvirotek().jobOf('NVJ999999')).toBeNull();
    const made = nv.addJob('NVJ999999', { kind: 'soil', sampleNumbers: ['S9'] });
    expect(made.workOrder).toMatch(/^NV-WO-/);
    expect(await nvirotek().jobOf('NVJ999999')).toEqual({ workOrder: made.workOrder });
    // its work order reads as any order: under this job, its samples published
    expect(await nvirotek().orderStatus(made.workOrder)).toMatchObject({ labJobId: 'NVJ999999', complete: true, samples: [{ sampleNumber: 'S9' }] });
    const control = await fetch(`${nv.url}/__control/job`, { method: 'POST', body: JSON.stringify({ jobNumber: 'NVJ-HTTP-1', sampleNumbers: ['H9'], published: false }) });
    expect(control.status).toBe(200);
    const viaHttp = await nvirotek().jobOf('NVJ-HTTP-1');
    expect(await nvirotek().orderStatus(viaHttp!.workOrder)).toMatchObject({ labJobId: 'NVJ-HTTP-1', complete: false, samples: [] });
    nv.turnHostile({ mode: 'page-wrong-types', paths: ['/api/v1/jobs/'] });
    try {
      const bad = await nvirotek().jobOf('NVJ999999').catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(OutsideSystemError);
      expect((bad as OutsideSystemError).message).toBe('Nvirotek answered something that is not a lab job with its work order');
    } finally {
      nv.turnHostile(null);
    }
  });
});

describe('Wynland orders', () => {
  it('places a leaf order in its own shapes and reads back its results under the app codes', async () => {
    const placed = await wynland().placeOrder(leafOrder('sapwood-submission-5', 'MA', ['W1', 'W2']));
    expect(placed).toEqual({ workOrder: 'WYN-2026-00001', labJobId: 'J51001' });
    expect(await wynland().placeOrder(leafOrder('sapwood-submission-5', 'MA', ['W1', 'W2']))).toEqual(placed);
    expect(wl.orders).toHaveLength(1);
    wl.publish(placed.workOrder, ['W1']);
    const status = await wynland().orderStatus(placed.workOrder);
    expect(status).toMatchObject({ complete: false, samples: [{ sampleNumber: 'W1', labNumber: wl.orders[0].samples[0].labNumber }] });
    // the lab writes Na% as 'NA%' and nitrate as 'NO3-N': both come back under the app's codes
    expect(status.samples[0].values).toEqual(wl.orders[0].samples[0].values);
    expect(status.samples[0].values.NaPerc).toBeGreaterThan(0);
  });

  it('refuses an unknown crop and a soil order, and answers its jobs with their work numbers', async () => {
    const refused = await wynland().placeOrder(leafOrder('sapwood-submission-6', 'MAC')).catch((e: unknown) => e) as OutsideSystemError;
    expect(refused.message).toBe("Wynland answered 400: sample L1: unknown crop code 'MAC'");
    const soil = await wynland().placeOrder({ ...leafOrder('sapwood-submission-7', 'MA'), kind: 'soil' }).catch((e: unknown) => e) as OutsideSystemError;
    expect(soil).toMatchObject({ message: 'Wynland takes leaf samples only', status: 400 });
    expect(await wynland().jobOf('J51001')).toEqual({ workOrder: 'WYN-2026-00001' });
    expect(await wynland().jobOf('J00000')).toBeNull();
    const made = wl.addJob('J-OWN-1', { sampleNumbers: ['W9'] });
    expect(await wynland().jobOf('J-OWN-1')).toEqual({ workOrder: made.workOrder });
    expect(await wynland().orderStatus(made.workOrder)).toMatchObject({ labJobId: 'J-OWN-1', complete: true, samples: [{ sampleNumber: 'W9' }] });
    wl.turnHostile({ mode: 'page-wrong-types', paths: ['/jobs/'] });
    try {
      expect(await wynland().jobOf('J51001').catch((e: unknown) => e)).toMatchObject({ message: 'Wynland answered something that is not a lab job with its work number' });
    } finally {
      wl.turnHostile(null);
    }
  });
});

describe("the stand-ins' answers (ready, partial, refused, late, unknown), per test, per client or per order", () => {
  afterAll(() => {
    nv.resetAnswers();
    wl.resetAnswers();
  });
  const order = (reference: string, client: string, samples: string[], code = 'MAC'): LabOrder => ({ ...leafOrder(reference, code, samples), client });

  it('answers ready and partial orders with their results at once, and refuses in the lab\'s words', async () => {
    nv.answer({ mode: 'ready' }, { client: 'Ready Co' });
    nv.answer({ mode: 'partial', count: 1 }, { client: 'Partial Co' });
    nv.answer({ mode: 'refused', message: 'account on hold' }, { client: 'Refused Co' });
    const ready = await nvirotek().placeOrder(order('answer-1', 'Ready Co', ['A1', 'A2']));
    expect(await nvirotek().orderStatus(ready.workOrder)).toMatchObject({ complete: true, samples: [{ sampleNumber: 'A1' }, { sampleNumber: 'A2' }] });
    const partial = await nvirotek().placeOrder(order('answer-2', 'Partial Co', ['B1', 'B2', 'B3']));
    expect(await nvirotek().orderStatus(partial.workOrder)).toMatchObject({ complete: false, samples: [{ sampleNumber: 'B1' }] });
    const refused = await nvirotek().placeOrder(order('answer-3', 'Refused Co', ['C1'])).catch((e: unknown) => e) as OutsideSystemError;
    expect(refused).toMatchObject({ message: 'Nvirotek answered 422: account on hold', status: 422 });
    // once the lab takes it, the same reference makes the order
    nv.answer({ mode: 'ready' }, { client: 'Refused Co' });
    expect(await nvirotek().placeOrder(order('answer-3', 'Refused Co', ['C1']))).toMatchObject({ workOrder: expect.stringMatching(/^NV-WO-/) });
    wl.answer({ mode: 'refused' });
    expect(await wynland().placeOrder(order('answer-4', 'Anyone', ['D1'], 'MA')).catch((e: unknown) => e)).toMatchObject({ message: 'Wynland answered 400: the laboratory cannot take this order', status: 400 });
    wl.resetAnswers();
  });

  it('publishes a late order after its reads, and reports samples it was never sent', async () => {
    wl.answer({ mode: 'late', reads: 2 });
    const late = await wynland().placeOrder(order('answer-5', 'Late Co', ['E1', 'E2'], 'MA'));
    expect((await wynland().orderStatus(late.workOrder)).samples).toEqual([]);
    expect((await wynland().orderStatus(late.workOrder)).samples).toEqual([]);
    expect(await wynland().orderStatus(late.workOrder)).toMatchObject({ complete: true, samples: [{ sampleNumber: 'E1' }, { sampleNumber: 'E2' }] });
    wl.answer({ mode: 'unknown', extra: 2, renamed: 1 });
    const unknown = await wynland().placeOrder(order('answer-6', 'Typo Co', ['F1', 'F2'], 'MA'));
    const read = await wynland().orderStatus(unknown.workOrder);
    expect(read.samples.map((s) => s.sampleNumber)).toEqual(['F1', 'F2-R', 'EXTRA-1', 'EXTRA-2']);
    expect(wl.orders.find((o) => o.workOrder === unknown.workOrder)!.samples.map((s) => [s.extra ?? false, s.sent ?? null])).toEqual([[false, null], [false, 'F2'], [true, null], [true, null]]);
    wl.resetAnswers();
  });

  it('changes an order already made, and takes its controls over HTTP too', async () => {
    const manual = await nvirotek().placeOrder(order('answer-7', 'Slow Co', ['G1', 'G2']));
    expect((await nvirotek().orderStatus(manual.workOrder)).samples).toEqual([]);
    nv.answer({ mode: 'ready' }, { workOrder: manual.workOrder });
    expect((await nvirotek().orderStatus(manual.workOrder)).complete).toBe(true);
    const control = (path: string, body: unknown) => fetch(`${nv.url}${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.status);
    expect(await control('/__control/answer', { answer: { mode: 'refused', message: 'closed for stocktaking' }, client: 'Http Co' })).toBe(200);
    expect(await nvirotek().placeOrder(order('answer-8', 'Http Co', ['H1'])).catch((e: unknown) => e)).toMatchObject({ message: 'Nvirotek answered 422: closed for stocktaking' });
    expect(await control('/__control/answer/reset', {})).toBe(200);
    const placed = await nvirotek().placeOrder(order('answer-8', 'Http Co', ['H1']));
    expect(await control('/__control/publish', { workOrder: placed.workOrder })).toBe(200);
    expect((await nvirotek().orderStatus(placed.workOrder)).complete).toBe(true);
    expect(await control('/__control/nonsense', {})).toBe(404);
  });

  it('reissues a work order to a new lab job with other samples, and gives it back, over HTTP too', async () => {
    const placed = await wynland().placeOrder(order('answer-9', 'Reissue Co', ['K1', 'K2'], 'MA'));
    const other = wl.reissue(placed.workOrder, { sampleNumbers: ['K2', 'OTHER-1'] })!;
    expect(other.jobNumber).not.toBe(placed.labJobId);
    // the new job answers the work order it took; the first job still answers it too
    expect(await wynland().jobOf(other.jobNumber)).toEqual({ workOrder: placed.workOrder });
    expect(await wynland().jobOf(placed.labJobId)).toEqual({ workOrder: placed.workOrder });
    const reissued = await wynland().orderStatus(placed.workOrder);
    expect(reissued).toMatchObject({ workOrder: placed.workOrder, labJobId: other.jobNumber, complete: true });
    expect(reissued.samples.map((x) => [x.sampleNumber, x.labNumber])).toEqual(other.samples.map((x) => [x.sampleNumber, x.labNumber]));
    // the same reference still names the first order
    expect(await wynland().placeOrder(order('answer-9', 'Reissue Co', ['K1', 'K2'], 'MA'))).toEqual(placed);
    wl.undoReissue(placed.workOrder);
    expect(await wynland().orderStatus(placed.workOrder)).toMatchObject({ labJobId: placed.labJobId, samples: [] });
    const control = (path: string, body: unknown) => fetch(`${nv.url}${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.status);
    const nvPlaced = await nvirotek().placeOrder(order('answer-10', 'Reissue Co', ['M1']));
    expect(await control('/__control/reissue', { workOrder: nvPlaced.workOrder, sampleNumbers: ['M9'], published: false })).toBe(200);
    const status = await nvirotek().orderStatus(nvPlaced.workOrder);
    expect(status.labJobId).not.toBe(nvPlaced.labJobId);
    expect(status.samples).toEqual([]);
    expect(nv.orders.at(-1)).toMatchObject({ workOrder: nvPlaced.workOrder, jobNumber: status.labJobId, samples: [expect.objectContaining({ sampleNumber: 'M9', published: false })] });
    expect(await control('/__control/reissue/undo', { workOrder: nvPlaced.workOrder })).toBe(200);
    expect((await nvirotek().orderStatus(nvPlaced.workOrder)).labJobId).toBe(nvPlaced.labJobId);
  });
});

describe('stand-ins started on their own (npm start, npm run dev)', () => {
  it("a restarted lab never hands out a work order, job or lab number of the run before (the app would read the new order's results for an old submission)", async () => {
    const numbers = async (tag: string) => {
      const n = await startNvirotekStandIn({ apiKey: 'nv-key', tag });
      const w = await startWynlandStandIn({ apiKey: 'wl-key', tag });
      try {
        const np = await createNvirotekClient({ url: n.url, apiKey: 'nv-key', timeoutMs: 5_000 }).placeOrder(leafOrder(`sapwood-${tag}`, 'MAC'));
        const wp = await createWynlandClient({ url: w.url, apiKey: 'wl-key', timeoutMs: 5_000 }).placeOrder(leafOrder(`sapwood-${tag}`, 'MA'));
        return [np.workOrder, np.labJobId, n.orders[0].samples[0].labNumber, wp.workOrder, wp.labJobId, w.orders[0].samples[0].labNumber];
      } finally {
        await n.close();
        await w.close();
      }
    };
    const [first, second] = [runTag(Date.parse('2026-11-27T10:00:00Z')), runTag(Date.parse('2026-11-27T10:00:01Z'))];
    expect(first).not.toBe(second);
    const before = await numbers(first);
    const after = await numbers(second);
    expect(before[0]).toBe(`NV-WO-${first}-00001`);
    for (const x of after) expect(before).not.toContain(x);
  });
});
