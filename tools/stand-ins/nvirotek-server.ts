import { NVIROTEK_CROPS } from './lab-crops.data';
import { type LabStandIn, startLabStandIn } from './lab-stand-in';
import { exitWithParent } from './exit-with-parent';

/**
 * A stand-in for the Nvirotek lab: GET /api/v1/crops?page=N (X-Api-Key) answers its crop list 20 at a time,
 * `{ items: [{ cropId, name, code, laboratory }], page, pageCount }`. `crops` can be changed by a test (a
 * renamed or added crop). Used by the tests, `npm run dev` and `npm start`'s demo.
 */
export interface NvirotekStandIn extends LabStandIn {
  crops: typeof NVIROTEK_CROPS;
}

const PAGE = 20;

export async function startNvirotekStandIn(opts: { port?: number; apiKey?: string } = {}): Promise<NvirotekStandIn> {
  const crops = NVIROTEK_CROPS.map((c) => ({ ...c }));
  const lab = await startLabStandIn({
    ...opts,
    keyHeader: 'x-api-key',
    route: (req, url) => {
      if (req.method !== 'GET' || url.pathname !== '/api/v1/crops') return null;
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const pageCount = Math.max(1, Math.ceil(crops.length / PAGE));
      return { status: 200, body: { items: crops.slice((page - 1) * PAGE, page * PAGE), page, pageCount } };
    },
  });
  return Object.assign(lab, { crops });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  exitWithParent();
  const s = await startNvirotekStandIn({ port: Number(process.env.NVIROTEK_STANDIN_PORT ?? 4011), apiKey: process.env.NVIROTEK_API_KEY });
  console.log(`Nvirotek stand-in listening on ${s.url}`);
}
