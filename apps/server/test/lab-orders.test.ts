import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FARMERS_RESULT_VALUES, LEAF_RESULT_VALUES } from '@sapwood/contracts';
import { OutsideSystemError } from '../src/platform/integrations/http-json';
import type { LabOrder } from '../src/platform/integrations/lab-orders';
import { createNvirotekClient } from '../src/platform/integrations/nvirotek.client';
import { createWynlandClient } from '../src/platform/integrations/wynland.client';
import { type NvirotekStandIn, startNvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';
import { type WynlandStandIn, startWynlandStandIn } from '../../../tools/stand-ins/wynland-server';

/**
 * The outside labs' order calls (issue 13) through their one client module each, against their stand-ins
 * over real HTTP: an order placed answers a work order and a job number; sending the same order again — after
 * a time-out that lost the lab's answer — never makes a second lab order; a refusal says why and is told from
 * a failure; results come back as the lab publishes them, under the app's value codes; a job number is
 * known or not.
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
    expect(await nvirotek().orderStatus(placed.workOrder)).toEqual({ workOrder: 'NV-WO-00001', labJobId: 'NVJ240001', complete: false, samples: [] });
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

  it('knows a job number it made or was given, and not another', async () => {
    expect(await nvirotek().jobExists('NVJ240001')).toBe(true);
    expect(await nvirotek().jobExists('NVJ999999')).toBe(false);
    nv.addJob('NVJ999999');
    expect(await nvirotek().jobExists('NVJ999999')).toBe(true);
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

  it('refuses an unknown crop and a soil order, and knows its jobs', async () => {
    const refused = await wynland().placeOrder(leafOrder('sapwood-submission-6', 'MAC')).catch((e: unknown) => e) as OutsideSystemError;
    expect(refused.message).toBe("Wynland answered 400: sample L1: unknown crop code 'MAC'");
    const soil = await wynland().placeOrder({ ...leafOrder('sapwood-submission-7', 'MA'), kind: 'soil' }).catch((e: unknown) => e) as OutsideSystemError;
    expect(soil).toMatchObject({ message: 'Wynland takes leaf samples only', status: 400 });
    expect(await wynland().jobExists('J51001')).toBe(true);
    expect(await wynland().jobExists('J00000')).toBe(false);
  });
});
