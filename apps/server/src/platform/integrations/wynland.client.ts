import { z } from 'zod';
import { LEAF_RESULT_VALUES } from '@sapwood/contracts';
import { OutsideSystemError, baseUrlOf, findJson, getJson, postJson } from './http-json';
import { readRecords } from './outside-record';
import type { LabClient } from './lab-crops';
import type { LabOrder } from './lab-orders';

/**
 * The Wynland lab: the one module that speaks to it. Configured by WYNLAND_URL and WYNLAND_API_KEY (a bearer
 * token). Its crop list comes whole: `{ crops: [{ Id, Description, ShortCode, Lab }] }`, names in capitals.
 * Leaf analyses only. Orders: POST /submissions `{ ClientReference, Client, Farm, DateSampled, Samples:
 * [{ SampleRef, CropCode, Analysis, Extra }] }` answers `{ WorkNumber, JobId }` (the same again for a
 * ClientReference it has); GET /submissions/{WorkNumber} answers `{ WorkNumber, JobId, Samples: [{ SampleRef,
 * LabNo, Ready, Values: { 'N': 2.4, 'NA%': 0.02, 'NO3-N': … } }] }`; GET /jobs/{JobId} answers `{ JobId, WorkNumber }`
 * for a job it knows (one made from an order or on its own: a job linked by hand), 404 for one it does not.
 */
const Placed = z.object({ WorkNumber: z.string().min(1).max(100), JobId: z.string().min(1).max(100) });
const Job = z.object({ JobId: z.string(), WorkNumber: z.string().min(1).max(100) });
const Submission = z.object({ WorkNumber: z.string(), JobId: z.string(), Samples: z.array(z.unknown()) });
/** one sample of a submission, read on its own: a bad one is refused, the others taken */
const SubmissionSample = z.object({ SampleRef: z.string().min(1), LabNo: z.string().default(''), Ready: z.boolean(), Values: z.record(z.string(), z.number().nullable()).default({}) });
/** the lab's value names (labels in capitals) → the app's codes */
const CODES = new Map<string, string>(LEAF_RESULT_VALUES.map((v) => [v.label.toUpperCase(), v.code]));

const CropList = z.object({ crops: z.array(z.unknown()) });
const Crop = z.object({ Id: z.union([z.string().min(1), z.number()]), Description: z.string().trim().min(1), ShortCode: z.string().default(''), Lab: z.string().default('') });

/** 'TABLE GRAPE' → 'Table Grape': the lab writes its names in capitals */
const titleCase = (s: string) => s.trim().toLowerCase().replace(/(^|[\s(/-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());

export function createWynlandClient(cfg: { url?: string; apiKey?: string; timeoutMs: number }): LabClient {
  const headers: Record<string, string> = cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {};
  const base = baseUrlOf('Wynland', 'WYNLAND_URL', cfg.url);
  return {
    provider: 'Wynland',
    configured: !!cfg.url,
    async listCrops(onPage) {
      const parsed = CropList.safeParse(await getJson('Wynland', new URL('/crops', base()), headers, cfg.timeoutMs));
      if (!parsed.success) throw new OutsideSystemError('Wynland answered something that is not its crop list');
      const { good, refused } = readRecords(parsed.data.crops, Crop, (c) => c.Id, (i) => `(crop ${i} of the list)`);
      // the lab's list comes whole: one page
      await onPage?.(1, 1);
      return { crops: good.map((c) => ({ externalId: String(c.Id), name: titleCase(c.Description), shortCode: c.ShortCode.trim(), lab: c.Lab.trim() })), refused };
    },
    async placeOrder(order: LabOrder) {
      if (order.kind !== 'leaf') throw new OutsideSystemError('Wynland takes leaf samples only', 400);
      const body = {
        ClientReference: order.reference, Client: order.client, Farm: order.farm, DateSampled: order.dateSampled,
        Samples: order.samples.map((x) => ({ SampleRef: x.sampleNumber, CropCode: x.cropCode, Analysis: x.test, Extra: x.optionalTests })),
      };
      const parsed = Placed.safeParse(await postJson('Wynland', new URL('/submissions', base()), headers, body, cfg.timeoutMs));
      if (!parsed.success) throw new OutsideSystemError('Wynland answered something that is not a work number');
      return { workOrder: parsed.data.WorkNumber, labJobId: parsed.data.JobId };
    },
    async orderStatus(workOrder: string) {
      const parsed = Submission.safeParse(await getJson('Wynland', new URL(`/submissions/${encodeURIComponent(workOrder)}`, base()), headers, cfg.timeoutMs));
      if (!parsed.success) throw new OutsideSystemError('Wynland answered something that is not a submission');
      const { good, refused } = readRecords(parsed.data.Samples, SubmissionSample, (x) => x.SampleRef, (i) => `(sample ${i} of the submission)`);
      const ready = good.filter((x) => x.Ready);
      return {
        workOrder: parsed.data.WorkNumber,
        labJobId: parsed.data.JobId,
        complete: refused.length === 0 && ready.length === good.length,
        refused: refused.map((r) => ({ sampleNumber: r.name, reason: r.reason })),
        samples: ready.map((x) => ({
          sampleNumber: x.SampleRef,
          labNumber: x.LabNo,
          values: Object.fromEntries(Object.entries(x.Values).flatMap(([name, value]) => {
            const code = CODES.get(name.trim().toUpperCase());
            return code && value !== null ? [[code, value]] : [];
          })),
        })),
      };
    },
    async jobOf(labJobId: string) {
      const json = await findJson('Wynland', new URL(`/jobs/${encodeURIComponent(labJobId)}`, base()), headers, cfg.timeoutMs);
      if (json === null) return null;
      const parsed = Job.safeParse(json);
      if (!parsed.success) throw new OutsideSystemError('Wynland answered something that is not a lab job with its work number');
      return { workOrder: parsed.data.WorkNumber };
    },
  };
}
