import { WYNLAND_CROPS } from './lab-crops.data';
import { type LabStandIn, startLabStandIn } from './lab-stand-in';
import { exitWithParent } from './exit-with-parent';

/**
 * A stand-in for the Wynland lab: GET /crops (Authorization: Bearer key) answers its whole crop list,
 * `{ crops: [{ Id, Description, ShortCode, Lab }] }`. `crops` can be changed by a test. Used by the tests,
 * `npm run dev` and `npm start`'s demo.
 */
export interface WynlandStandIn extends LabStandIn {
  crops: typeof WYNLAND_CROPS;
}

export async function startWynlandStandIn(opts: { port?: number; apiKey?: string } = {}): Promise<WynlandStandIn> {
  const crops = WYNLAND_CROPS.map((c) => ({ ...c }));
  const lab = await startLabStandIn({
    port: opts.port,
    apiKey: opts.apiKey ? `Bearer ${opts.apiKey}` : undefined,
    keyHeader: 'authorization',
    route: (req, url) => (req.method === 'GET' && url.pathname === '/crops' ? { status: 200, body: { crops } } : null),
  });
  return Object.assign(lab, { crops });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  exitWithParent();
  const s = await startWynlandStandIn({ port: Number(process.env.WYNLAND_STANDIN_PORT ?? 4012), apiKey: process.env.WYNLAND_API_KEY });
  console.log(`Wynland stand-in listening on ${s.url}`);
}
