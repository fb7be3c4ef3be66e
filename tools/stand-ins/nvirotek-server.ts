import { FARMERS_RESULT_VALUES, LEAF_RESULT_VALUES } from '@sapwood/contracts';
import { NVIROTEK_CROPS } from './lab-crops.data';
import { type OrderBook, answerControl, orderBook, orderProblem, runTag, tagged, withBook } from './lab-orders.book';
import { type LabStandIn, startLabStandIn } from './lab-stand-in';
import { runWhenMain } from './exit-with-parent';

/**
 * A stand-in for the Nvirotek lab (X-Api-Key), used by the tests, `npm run dev` and `npm start`'s demo:
 * - GET /api/v1/crops?page=N: its crop list 20 at a time, `{ items: [{ cropId, name, code, laboratory }], page, pageCount }`
 *   (`crops` can be changed by a test: a renamed or added crop);
 * - POST /api/v1/orders `{ reference, type: 'leaf' | 'soil', client, farm, sampledOn, samples: [{ sampleNumber, cropCode,
 *   test, optionalTests }] }`: 201 `{ workOrder, jobNumber }`, 200 with the same for a reference it has, 422 `{ error }`
 *   for an order it cannot take (no samples, a sample number missing or twice, a leaf crop code it does not know);
 * - GET /api/v1/orders/{workOrder}: `{ workOrder, jobNumber, type, samples: [{ sampleNumber, labNumber, status:
 *   'Pending' | 'Complete', results: [{ element, unit, value }] }] }`, results once published (see lab-orders.book.ts);
 * - GET /api/v1/jobs/{jobNumber}: `{ jobNumber, workOrder, type }` for a job it knows (one made by an order, or without one:
 *   `addJob`), 404 `{ error }` otherwise.
 * How it answers each order (ready, partial, refused, late, with unknown sample numbers) is set by `answer`
 * (or POST /__control/answer), per test, per client or per order: see lab-orders.book.ts. A work order can be
 * reissued to a new lab job with other samples, as a lab reusing its numbers would (`reissue`, POST /__control/reissue
 * `{ workOrder, sampleNumbers?, published? }`; undone by `undoReissue`, POST /__control/reissue/undo `{ workOrder }`), and a
 * lab job made without an order from the app, under a work order of its own (`addJob`, POST /__control/job).
 */
export interface NvirotekStandIn extends LabStandIn, OrderBook {
  crops: typeof NVIROTEK_CROPS;
}

const PAGE = 20;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

interface OrderBody { reference?: unknown; type?: unknown; client?: unknown; samples?: { sampleNumber: unknown; cropCode?: unknown }[] }

export async function startNvirotekStandIn(opts: { port?: number; apiKey?: string; autoPublish?: number; tag?: string } = {}): Promise<NvirotekStandIn> {
  const crops = NVIROTEK_CROPS.map((c) => ({ ...c }));
  const { tag } = opts;
  const book = orderBook({ workOrder: (n) => tagged(tag, 'NV-WO-', pad(n, 5)), jobNumber: (n) => tagged(tag, 'NVJ', pad(240_000 + n, 6)), labNumber: (n) => tagged(tag, 'NVL-', pad(n, 6)) }, opts.autoPublish ?? 0);
  const lab = await startLabStandIn({
    port: opts.port,
    apiKey: opts.apiKey,
    keyHeader: 'x-api-key',
    control: (path, body) => answerControl(book, path, body),
    route: (req, url, text) => {
      if (req.method === 'GET' && url.pathname === '/api/v1/crops') {
        const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
        const pageCount = Math.max(1, Math.ceil(crops.length / PAGE));
        return { status: 200, body: { items: crops.slice((page - 1) * PAGE, page * PAGE), page, pageCount } };
      }
      if (req.method === 'POST' && url.pathname === '/api/v1/orders') {
        let body: OrderBody;
        try {
          body = JSON.parse(text) as OrderBody;
        } catch {
          return { status: 400, body: { error: 'not JSON' } };
        }
        if (body.type !== 'leaf' && body.type !== 'soil') return { status: 422, body: { error: "type must be 'leaf' or 'soil'" } };
        const problem = orderProblem(body.reference, body.samples, body.type === 'leaf' ? crops.map((c) => c.code) : null);
        if (problem) return { status: 422, body: { error: problem } };
        const placed = book.place(String(body.reference), body.type, (body.samples ?? []).map((s) => String(s.sampleNumber).trim()), String(body.client ?? ''));
        if ('refused' in placed) return { status: 422, body: { error: placed.refused } };
        return { status: placed.created ? 201 : 200, body: { workOrder: placed.order.workOrder, jobNumber: placed.order.jobNumber } };
      }
      const orderPath = /^\/api\/v1\/orders\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && orderPath) {
        const order = book.read(decodeURIComponent(orderPath[1]));
        if (!order) return { status: 404, body: { error: 'no such work order' } };
        const values = order.kind === 'leaf' ? LEAF_RESULT_VALUES : FARMERS_RESULT_VALUES;
        return {
          status: 200,
          body: {
            workOrder: order.workOrder, jobNumber: order.jobNumber, type: order.kind,
            samples: order.samples.map((s) => ({
              sampleNumber: s.sampleNumber, labNumber: s.labNumber, status: s.published ? 'Complete' : 'Pending',
              results: s.published ? values.filter((v) => v.code in s.values).map((v) => ({ element: v.label, unit: v.unit, value: s.values[v.code] })) : [],
            })),
          },
        };
      }
      const jobPath = /^\/api\/v1\/jobs\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && jobPath) {
        const order = book.job(decodeURIComponent(jobPath[1]));
        return order ? { status: 200, body: { jobNumber: order.jobNumber, workOrder: order.workOrder, type: order.kind } } : { status: 404, body: { error: 'no such job' } };
      }
      return null;
    },
  });
  return withBook(lab, book, crops);
}

await runWhenMain(import.meta.url, 'Nvirotek', () => startNvirotekStandIn({ port: Number(process.env.NVIROTEK_STANDIN_PORT ?? 4011), apiKey: process.env.NVIROTEK_API_KEY, autoPublish: 3, tag: runTag() }));
