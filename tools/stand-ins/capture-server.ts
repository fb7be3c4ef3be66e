import sharp from 'sharp';
import { type Capture, seedCaptures } from './captures.data';
import { exitWithParent } from './exit-with-parent';
import { type LabStandIn, startLabStandIn } from './lab-stand-in';

/**
 * A stand-in for the field capture app's service: GET /api/captures?kind=leaf|soil&page=N (X-Api-Key)
 * answers its captures 50 at a time, `{ items, page, pageCount }`; GET /api/captures/{id} one of them;
 * GET /photos/{name}.png a capture's
 * photo. `captures` can be changed by a test (an edited or a new capture). It fails and times out on
 * command like the labs' stand-ins (POST /__control/fail, /__control/delay), and turns hostile on command
 * (POST /__control/hostile {mode, target, field, paths}: the 21 ways of hostile-modes.ts). Used by the tests,
 * `npm run dev` and `npm start`'s demo.
 */
export interface CaptureStandIn extends LabStandIn {
  captures: Capture[];
}

const PAGE = 50;

export async function startCaptureStandIn(opts: { port?: number; apiKey?: string; leaf?: number; soil?: number } = {}): Promise<CaptureStandIn> {
  const captures = seedCaptures(opts.leaf, opts.soil);
  const photos = new Map<string, Buffer>();
  const service = await startLabStandIn({
    port: opts.port,
    apiKey: opts.apiKey,
    keyHeader: 'x-api-key',
    route: (req, url) => {
      const one = /^\/api\/captures\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const c = captures.find((x) => x.id === decodeURIComponent(one[1]));
        return c ? { status: 200, body: c } : { status: 404, body: { error: 'no such capture' } };
      }
      if (req.method !== 'GET' || url.pathname !== '/api/captures') return null;
      const kind = url.searchParams.get('kind') === 'soil' ? 'soil' : 'leaf';
      const mine = captures.filter((c) => c.kind === kind);
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const pageCount = Math.max(1, Math.ceil(mine.length / PAGE));
      return { status: 200, body: { items: mine.slice((page - 1) * PAGE, page * PAGE), page, pageCount } };
    },
    raw: async (url) => {
      const m = /^\/photos\/([a-z]+-\d+)\.png$/.exec(url.pathname);
      if (!m) return null;
      if (!photos.has(m[1])) {
        const n = Number(m[1].split('-')[1]);
        photos.set(m[1], await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 40 + (n * 37) % 120, g: 120 + (n * 53) % 100, b: 40 + (n * 29) % 80 } } }).png().toBuffer());
      }
      return { type: 'image/png', data: photos.get(m[1]) as Buffer };
    },
  });
  return Object.assign(service, { captures });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  exitWithParent();
  const s = await startCaptureStandIn({ port: Number(process.env.CAPTURE_STANDIN_PORT ?? 4013), apiKey: process.env.CAPTURE_API_KEY });
  console.log(`Capture app stand-in listening on ${s.url}`);
}
