import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBaselineServer } from '../../../bench/baseline-server';
import { BenchClient } from '../../../bench/bench-server';
import { countCaptures, loadCaptures } from '../../../bench/captures-data';
import { loadData } from '../../../bench/carbohydrates-data';
import { LEAFS_BASE_PATH, LEAFS_PATH, leafScenarios } from '../../../bench/leafs-scenarios';
import { type Scenario, carbohydrateScenarios, checkSameRows } from '../../../bench/list-scenarios';
import { onServerPass } from '../../../tests/support/passes';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';

/**
 * `npm run bench:lists` compares the app's million-row lists with a bare server's statements (bench/baseline-server.ts)
 * and is only fair while both answer the same rows. Twice a column added to the app's rows (the QC hold, a merged
 * group's clients and farms) left the baseline answering other rows, found only when the benchmark next ran. Here
 * every scenario of the benchmark, over the benchmark's data at a smaller scale, must answer the same rows from both.
 * The baseline speaks to a PostgreSQL server (pg), so this runs in the server pass.
 */
describe.skipIf(!onServerPass)('the list benchmark\'s baseline', () => {
  let server: TestServer;
  let stopBaseline: (() => Promise<void>) | undefined;
  let app: BenchClient;
  let base: BenchClient;
  let scenarios: Scenario[];

  beforeAll(async () => {
    server = await startTestServer();
    const url = server.dbUrl;
    if (!url) throw new Error('the server pass gives the test server a PostgreSQL database');
    const quiet = () => undefined;
    const { results } = await loadData(url, quiet, 600);
    await loadCaptures(url, quiet, 4000);
    const { leafNotCompleted } = await countCaptures(url);
    app = new BenchClient(server.url, 2);
    const signedIn = await app.request('POST', '/api/auth/login', ADMIN);
    expect(signedIn.text).toBe('"Success"');
    const baseline = await startBaselineServer(url, 2);
    stopBaseline = baseline.close;
    base = new BenchClient(baseline.url, 2);
    scenarios = [
      ...(await carbohydrateScenarios(app, results)),
      ...(await leafScenarios((body) => app.request('POST', LEAFS_PATH, body), leafNotCompleted, 50)).map((s) => ({ ...s, path: LEAFS_PATH, basePath: LEAFS_BASE_PATH })),
    ];
  }, 120_000);
  afterAll(async () => {
    app?.close();
    base?.close();
    await stopBaseline?.();
    await server?.close();
  });

  it('answers every scenario of bench:lists with the app\'s rows', async () => {
    expect(scenarios.map((s) => s.name)).toHaveLength(8);
    await checkSameRows(scenarios, app, base);
  });
});
