import { z } from 'zod';
import { resultHeader, resultValuesOf } from '@sapwood/contracts';
import { OutsideSystemError, baseUrlOf, findJson, getJson, postJson } from './http-json';
import { type RefusedRecord, readRecords } from './outside-record';
import type { LabClient, ProviderCrop } from './lab-crops';
import type { LabOrder } from './lab-orders';

/**
 * The Nvirotek lab: the one module that speaks to it. Configured by NVIROTEK_URL and NVIROTEK_API_KEY
 * (sent as X-Api-Key). Its crop list comes in pages: `{ items: [{ cropId, name, code, laboratory }], page, pageCount }`.
 * Orders: POST /api/v1/orders `{ reference, type, client, farm, sampledOn, samples: [{ sampleNumber, cropCode,
 * test, optionalTests }] }` answers `{ workOrder, jobNumber }` (the same again for a reference it has);
 * GET /api/v1/orders/{workOrder} answers its type and samples, each `{ sampleNumber, labNumber, status, results:
 * [{ element, unit, value }] }`; GET /api/v1/jobs/{jobNumber} answers `{ jobNumber, workOrder, type }` for a job it
 * knows (one made from an order or on its own: a job linked by hand), 404 for one it does not.
 */
const Placed = z.object({ workOrder: z.string().min(1).max(100), jobNumber: z.string().min(1).max(100) });
const Job = z.object({ jobNumber: z.string(), workOrder: z.string().min(1).max(100) });
const OrderState = z.object({ workOrder: z.string(), jobNumber: z.string(), type: z.enum(['leaf', 'soil']), samples: z.array(z.unknown()) });
/** one sample of an order, read on its own: a bad one is refused, the others taken */
const OrderSample = z.object({
  sampleNumber: z.string().min(1),
  labNumber: z.string().default(''),
  status: z.enum(['Pending', 'Complete']),
  results: z.array(z.object({ element: z.string(), unit: z.string().default(''), value: z.number().nullable() })).default([]),
});

const CropPage = z.object({ items: z.array(z.unknown()), page: z.number().int(), pageCount: z.number().int().min(1).max(1000) });
const Crop = z.object({ cropId: z.union([z.number(), z.string().min(1)]), name: z.string().trim().min(1), code: z.string().default(''), laboratory: z.string().default('') });

export function createNvirotekClient(cfg: { url?: string; apiKey?: string; timeoutMs: number }): LabClient {
  const headers: Record<string, string> = cfg.apiKey ? { 'x-api-key': cfg.apiKey } : {};
  const base = baseUrlOf('Nvirotek', 'NVIROTEK_URL', cfg.url);
  return {
    provider: 'Nvirotek',
    configured: !!cfg.url,
    async listCrops(onPage) {
      const crops: ProviderCrop[] = [];
      const refused: RefusedRecord[] = [];
      for (let page = 1, pageCount = 1; page <= pageCount; page++) {
        const url = new URL('/api/v1/crops', base());
        url.searchParams.set('page', String(page));
        const parsed = CropPage.safeParse(await getJson('Nvirotek', url, headers, cfg.timeoutMs));
        if (!parsed.success) throw new OutsideSystemError('Nvirotek answered something that is not its crop list');
        pageCount = parsed.data.pageCount;
        const read = readRecords(parsed.data.items, Crop, (c) => c.cropId, (i) => `(page ${page}, crop ${i})`);
        refused.push(...read.refused);
        for (const c of read.good) crops.push({ externalId: String(c.cropId), name: c.name, shortCode: c.code.trim(), lab: c.laboratory.trim() });
        await onPage?.(page, pageCount);
      }
      return { crops, refused };
    },

    async placeOrder(order: LabOrder) {
      const body = {
        reference: order.reference, type: order.kind, client: order.client, farm: order.farm, sampledOn: order.dateSampled,
        samples: order.samples.map((x) => ({ sampleNumber: x.sampleNumber, cropCode: x.cropCode, test: x.test, optionalTests: x.optionalTests })),
      };
      const parsed = Placed.safeParse(await postJson('Nvirotek', new URL('/api/v1/orders', base()), headers, body, cfg.timeoutMs));
      if (!parsed.success) throw new OutsideSystemError('Nvirotek answered something that is not a work order');
      return { workOrder: parsed.data.workOrder, labJobId: parsed.data.jobNumber };
    },
    async orderStatus(workOrder: string) {
      const json = await getJson('Nvirotek', new URL(`/api/v1/orders/${encodeURIComponent(workOrder)}`, base()), headers, cfg.timeoutMs);
      const parsed = OrderState.safeParse(json);
      if (!parsed.success) throw new OutsideSystemError('Nvirotek answered something that is not an order');
      const { good, refused } = readRecords(parsed.data.samples, OrderSample, (x) => x.sampleNumber, (i) => `(sample ${i} of the order)`);
      const codes = new Map(resultValuesOf(parsed.data.type).map((v) => [resultHeader(v), v.code]));
      const done = good.filter((x) => x.status === 'Complete');
      return {
        workOrder: parsed.data.workOrder,
        labJobId: parsed.data.jobNumber,
        complete: refused.length === 0 && done.length === good.length,
        refused: refused.map((r) => ({ sampleNumber: r.name, reason: r.reason })),
        samples: done.map((x) => ({
          sampleNumber: x.sampleNumber,
          labNumber: x.labNumber,
          values: Object.fromEntries(x.results.flatMap((r) => {
            const code = codes.get(resultHeader({ label: r.element, unit: r.unit as never }));
            return code && r.value !== null ? [[code, r.value]] : [];
          })),
        })),
      };
    },
    async jobOf(labJobId: string) {
      const json = await findJson('Nvirotek', new URL(`/api/v1/jobs/${encodeURIComponent(labJobId)}`, base()), headers, cfg.timeoutMs);
      if (json === null) return null;
      const parsed = Job.safeParse(json);
      if (!parsed.success) throw new OutsideSystemError('Nvirotek answered something that is not a lab job with its work order');
      return { workOrder: parsed.data.workOrder };
    },
  };
}
