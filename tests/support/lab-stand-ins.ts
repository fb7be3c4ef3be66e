import { afterAll, afterEach, beforeAll } from 'vitest';
import { type NvirotekStandIn, startNvirotekStandIn } from '../../tools/stand-ins/nvirotek-server';
import { type WynlandStandIn, startWynlandStandIn } from '../../tools/stand-ins/wynland-server';

/** The outside labs' stand-ins of a test file, once started (`labStandIns`). */
export interface LabStandIns {
  readonly nv: NvirotekStandIn;
  readonly wl: WynlandStandIn;
  /** The server's settings that send its lab orders to them (`startTestServer`'s env). */
  env(): Record<'NVIROTEK_URL' | 'NVIROTEK_API_KEY' | 'WYNLAND_URL' | 'WYNLAND_API_KEY' | 'LABS_TIMEOUT_MS', string>;
  /** Nvirotek restarted on its port, its book lost (as a restart of the lab's system): the new stand-in, closed with the file. */
  restartNvirotek(): Promise<NvirotekStandIn>;
}

/**
 * The Nvirotek and Wynland stand-ins for the test file that calls this at its top, before its own hooks: started
 * before its tests (so its `beforeAll` can start a server on `env()`), made to answer again after each test (a test
 * that failed half-way may leave `failNext` failing the next ones), and closed after the file. Vitest runs `afterAll`
 * hooks in the reverse order they were declared (sequence.hooks `stack`): the file's own, which close its server,
 * run first, so no server polls a closed lab.
 */
export function labStandIns(keys: { nv?: string; wl?: string } = {}): LabStandIns {
  const nvKey = keys.nv ?? 'nv-key';
  const wlKey = keys.wl ?? 'wl-key';
  let nv: NvirotekStandIn | undefined;
  let wl: WynlandStandIn | undefined;
  beforeAll(async () => {
    [nv, wl] = await Promise.all([startNvirotekStandIn({ apiKey: nvKey }), startWynlandStandIn({ apiKey: wlKey })]);
  });
  afterEach(() => {
    nv?.failNext(0);
    wl?.failNext(0);
  });
  afterAll(async () => {
    await Promise.all([nv?.close(), wl?.close()]);
  });
  const started = <T>(s: T | undefined): T => {
    if (!s) throw new Error('The lab stand-ins start in beforeAll: call labStandIns() at the top of the test file');
    return s;
  };
  return {
    get nv() { return started(nv); },
    get wl() { return started(wl); },
    restartNvirotek: async () => {
      const port = Number(new URL(started(nv).url).port);
      await started(nv).close();
      nv = undefined;
      nv = await startNvirotekStandIn({ apiKey: nvKey, port });
      return nv;
    },
    env: () => ({ NVIROTEK_URL: started(nv).url, NVIROTEK_API_KEY: nvKey, WYNLAND_URL: started(wl).url, WYNLAND_API_KEY: wlKey, LABS_TIMEOUT_MS: '3000' }),
  };
}
