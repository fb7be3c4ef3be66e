import { createServer } from 'node:http';
import sharp from 'sharp';
import { closeServer } from './http-util';

/**
 * Another host, where a hostile peer redirects the app (issue 33): it records every request that reaches it
 * (and the keys it carried: X-Api-Key or Authorization) and answers as an outside system would, with captures
 * of its own and a photo, so that an app following the redirect would import what it says.
 */
export interface OtherHost {
  url: string;
  requests: { method: string; path: string; key: string | null }[];
  close(): Promise<void>;
}

export async function startOtherHost(): Promise<OtherHost> {
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 0, b: 0 } } }).png().toBuffer();
  const requests: OtherHost['requests'] = [];
  const server = createServer((req, res) => {
    const key = req.headers['x-api-key'] ?? req.headers.authorization ?? null;
    requests.push({ method: req.method ?? '', path: req.url ?? '', key: Array.isArray(key) ? key.join(',') : key });
    if (req.url?.startsWith('/photos/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(photo);
    }
    const evil = { id: 'EVIL-1', kind: 'leaf', updatedAt: '2026-11-20T10:00:00.000Z', sampleNumber: 'EVIL1', client: 'Evil', farm: 'Evil', block: '1', crop: 'Pecan', agent: '', agronomist: '', lab: 'Nvirotek', capturedAt: '2026-11-20T10:00:00.000Z', location: { lat: 0, lng: 0 }, photo: null };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items: [evil], page: 1, pageCount: 1, ...evil }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests,
    close: () => closeServer(server),
  };
}
