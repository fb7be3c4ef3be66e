import { type CaptureStandIn, startCaptureStandIn } from '../../tools/stand-ins/capture-server';
import { type NvirotekStandIn, startNvirotekStandIn } from '../../tools/stand-ins/nvirotek-server';
import { type WynlandStandIn, startWynlandStandIn } from '../../tools/stand-ins/wynland-server';
import type { ApiClient } from './api-client';
import { ADMIN, type TestServer, startTestServer } from './server';
import { signedIn } from './users';

export interface DemoWorld {
  app: CaptureStandIn;
  nv: NvirotekStandIn;
  wl: WynlandStandIn;
  server: TestServer;
  admin: ApiClient;
  close(): Promise<void>;
}

/**
 * A first start as `npm start` makes it: demo data, and the capture app's and the labs' stand-ins with their
 * seeded data (`captures`: how many leaf and soil captures; the stand-in's own counts by default), the
 * administrator signed in. `env`: more of the server's settings.
 */
export async function startDemoWorld(captures: { leaf?: number; soil?: number } = {}, env: Record<string, string> = {}): Promise<DemoWorld> {
  const app = await startCaptureStandIn({ apiKey: 'cap-key', ...captures });
  const nv = await startNvirotekStandIn({ apiKey: 'nv-key' });
  const wl = await startWynlandStandIn({ apiKey: 'wl-key' });
  const server = await startTestServer({
    SEED_DEMO: 'true', CAPTURE_URL: app.url, CAPTURE_API_KEY: 'cap-key', CAPTURE_SYNC_INTERVAL_MINUTES: '0',
    NVIROTEK_URL: nv.url, NVIROTEK_API_KEY: 'nv-key', WYNLAND_URL: wl.url, WYNLAND_API_KEY: 'wl-key', ...env,
  });
  const admin = await signedIn(server.url, ADMIN);
  return {
    app, nv, wl, server, admin,
    async close() {
      await server.close();
      await Promise.all([app.close(), nv.close(), wl.close()]);
    },
  };
}
