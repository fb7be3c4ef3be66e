import { LEAF_RESULT_VALUES } from '@sapwood/contracts';
import { WYNLAND_CROPS } from './lab-crops.data';
import { type OrderBook, answerControl, orderBook, orderProblem, runTag, tagged, withBook } from './lab-orders.book';
import { type LabStandIn, startLabStandIn } from './lab-stand-in';
import { runWhenMain } from './exit-with-parent';

/**
 * A stand-in for the Wynland lab (Authorization: Bearer key), leaf analyses only, used by the tests,
 * `npm run dev` and `npm start`'s demo:
 * - GET /crops: its whole crop list, `{ crops: [{ Id, Description, ShortCode, Lab }] }` (`crops` can be changed by a test);
 * - POST /submissions `{ ClientReference, Client, Farm, DateSampled, Samples: [{ SampleRef, CropCode, Analysis, Extra }] }`:
 *   201 `{ WorkNumber, JobId }`, 200 with the same for a ClientReference it has, 400 `{ error }` for one it cannot take;
 * - GET /submissions/{WorkNumber}: `{ WorkNumber, JobId, Samples: [{ SampleRef, LabNo, Ready, Values: { 'N': …, 'NA%': … } }] }`;
 * - GET /jobs/{JobId}: `{ JobId, WorkNumber }` for a job it knows (one made by an order, or without one: `addJob`),
 *   404 `{ error }` otherwise.
 * How it answers each order (ready, partial, refused, late, with unknown sample numbers) is set by `answer`
 * (or POST /__control/answer), per test, per client or per order: see lab-orders.book.ts. A work order can be
 * reissued to a new lab job with other samples, as a lab reusing its numbers would (`reissue`, POST /__control/reissue
 * `{ workOrder, sampleNumbers?, published? }`; undone by `undoReissue`, POST /__control/reissue/undo `{ workOrder }`), and a
 * lab job made without an order from the app, under a work order of its own (`addJob`, POST /__control/job).
 */
export interface WynlandStandIn extends LabStandIn, OrderBook {
  crops: typeof WYNLAND_CROPS;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

interface SubmissionBody { ClientReference?: unknown; Client?: unknown; Samples?: { SampleRef: unknown; CropCode?: unknown }[] }

export async function startWynlandStandIn(opts: { port?: number; apiKey?: string; autoPublish?: number; tag?: string } = {}): Promise<WynlandStandIn> {
  const crops = WYNLAND_CROPS.map((c) => ({ ...c }));
  const { tag } = opts;
  const book = orderBook({ workOrder: (n) => tagged(tag, 'WYN-2026-', pad(n, 5)), jobNumber: (n) => tagged(tag, 'J', pad(51_000 + n, 5)), labNumber: (n) => tagged(tag, 'WL', pad(700_000 + n, 6)) }, opts.autoPublish ?? 0);
  const lab = await startLabStandIn({
    port: opts.port,
    apiKey: opts.apiKey ? `Bearer ${opts.apiKey}` : undefined,
    keyHeader: 'authorization',
    control: (path, body) => answerControl(book, path, body),
    route: (req, url, text) => {
      if (req.method === 'GET' && url.pathname === '/crops') return { status: 200, body: { crops } };
      if (req.method === 'POST' && url.pathname === '/submissions') {
        let body: SubmissionBody;
        try {
          body = JSON.parse(text) as SubmissionBody;
        } catch {
          return { status: 400, body: { error: 'not JSON' } };
        }
        const samples = Array.isArray(body.Samples) ? body.Samples.map((s) => ({ sampleNumber: s.SampleRef, cropCode: s.CropCode })) : undefined;
        const problem = orderProblem(body.ClientReference, samples, crops.map((c) => c.ShortCode));
        if (problem) return { status: 400, body: { error: problem } };
        const placed = book.place(String(body.ClientReference), 'leaf', (samples ?? []).map((s) => String(s.sampleNumber).trim()), String(body.Client ?? ''));
        if ('refused' in placed) return { status: 400, body: { error: placed.refused } };
        return { status: placed.created ? 201 : 200, body: { WorkNumber: placed.order.workOrder, JobId: placed.order.jobNumber } };
      }
      const subPath = /^\/submissions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && subPath) {
        const order = book.read(decodeURIComponent(subPath[1]));
        if (!order) return { status: 404, body: { error: 'no such work number' } };
        return {
          status: 200,
          body: {
            WorkNumber: order.workOrder, JobId: order.jobNumber,
            Samples: order.samples.map((s) => ({
              SampleRef: s.sampleNumber, LabNo: s.labNumber, Ready: s.published,
              Values: s.published ? Object.fromEntries(LEAF_RESULT_VALUES.filter((v) => v.code in s.values).map((v) => [v.label.toUpperCase(), s.values[v.code]])) : {},
            })),
          },
        };
      }
      const jobPath = /^\/jobs\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && jobPath) {
        const order = book.job(decodeURIComponent(jobPath[1]));
        return order ? { status: 200, body: { JobId: order.jobNumber, WorkNumber: order.workOrder } } : { status: 404, body: { error: 'no such job' } };
      }
      return null;
    },
  });
  return withBook(lab, book, crops);
}

await runWhenMain(import.meta.url, 'Wynland', () => startWynlandStandIn({ port: Number(process.env.WYNLAND_STANDIN_PORT ?? 4012), apiKey: process.env.WYNLAND_API_KEY, autoPublish: 3, tag: runTag() }));
