import { beforeAll, describe, expect, it } from 'vitest';
import {
  type FarmersReportData, LEAF_REPORT_MESSAGES, type LeafPreReport, SETTINGS_MESSAGES, farmersReportEndpoints as farmersEp,
  leafReportEndpoints as leafEp, settingsEndpoints,
} from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { createUser, signedIn } from '../../../tests/support/users';
import { PERMISSIONS, withTypedResults, withWorld } from './submission-results.fixtures';

/**
 * Issue 32, finding 2: two users saving the same record from the version they both read. Before, both got 200
 * and one change was gone; now each save carries the version it read (ADR 0110), so exactly one wins, the other
 * answers 409 with a message, and the stored record holds the winner's change whole.
 */
const world = withWorld();
let one: ApiClient;
let two: ApiClient;

beforeAll(async () => {
  const db = world.w.server.built.deps.db;
  one = await signedIn(world.w.server.url, await createUser(db, [...PERMISSIONS, 'Settings'], { name: 'First Staff' }));
  two = await signedIn(world.w.server.url, await createUser(db, [...PERMISSIONS, 'Settings'], { name: 'Second Staff' }));
}, 60_000);

/** Of two answers, the statuses in order (200 first). */
const statuses = (a: { status: number }, b: { status: number }) => [a.status, b.status].sort();

describe('leaf report settings (POST /api/submission/updatereportdata)', () => {
  it('of 20 races between a client name change and a tick box, each has one winner and one 409; nothing is lost unsaid', async () => {
    const id = await withTypedResults(world.w, 'leaf', 'Race Orchard');
    for (let race = 0; race < 20; race++) {
      const [pre] = (await one.call(leafEp.preReport, { ids: [id] })).body as LeafPreReport[];
      const base = { ...pre.header, rowVersion: pre.rowVersion, samples: pre.samples.map((s) => ({ id: s.id, selected: s.selected, excludeImage: s.excludeImage })) };
      const client = `Client ${race}`;
      const [a, b] = await Promise.all([
        one.call(leafEp.updateReportData, [{ ...base, clientName: client }]),
        two.call(leafEp.updateReportData, [{ ...base, includeIndex: !pre.header.includeIndex }]),
      ]);
      expect(statuses(a, b), `race ${race}: ${JSON.stringify([a.body, b.body])}`).toEqual([200, 409]);
      const lost = a.status === 409 ? a : b;
      expect(lost.body).toEqual({ error: 'Conflict', message: LEAF_REPORT_MESSAGES.settingsChanged });
      const [after] = (await one.call(leafEp.preReport, { ids: [id] })).body as LeafPreReport[];
      expect(after.rowVersion).toBe(pre.rowVersion + 1);
      // the winner's change is stored whole, the loser's not at all
      if (a.status === 200) expect(after.header).toMatchObject({ clientName: client, includeIndex: pre.header.includeIndex });
      else expect(after.header).toMatchObject({ clientName: pre.header.clientName, includeIndex: !pre.header.includeIndex });
    }
  }, 120_000);

  it('a save without the version read answers 400 naming rowVersion', async () => {
    const id = await withTypedResults(world.w, 'leaf', 'Unversioned Orchard');
    const [pre] = (await one.call(leafEp.preReport, { ids: [id] })).body as LeafPreReport[];
    const r = await one.call(leafEp.updateReportData, [{ ...pre.header, samples: pre.samples.map((s) => ({ id: s.id })) }] as never);
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['0.rowVersion']);
  });
});

describe("farmers' report settings (POST /api/farmerssample/updatereportdata)", () => {
  it('of 10 races between a client name change and a farm name change, each has one winner and one 409', async () => {
    const id = await withTypedResults(world.w, 'soil', 'Race Soil');
    for (let race = 0; race < 10; race++) {
      const [pre] = (await one.call(farmersEp.preReport, { ids: [id] })).body as FarmersReportData[];
      const { id: _id, samples, ...header } = pre.farmerData;
      const base = { ...header, rowVersion: pre.rowVersion, samples: samples.map((s) => ({ id: s.id, selected: s.selected })) };
      const [a, b] = await Promise.all([
        one.call(farmersEp.updateReportData, [{ ...base, clientName: `Client ${race}` }]),
        two.call(farmersEp.updateReportData, [{ ...base, farmName: `Farm ${race}` }]),
      ]);
      expect(statuses(a, b), `race ${race}: ${JSON.stringify([a.body, b.body])}`).toEqual([200, 409]);
      const [after] = (await one.call(farmersEp.preReport, { ids: [id] })).body as FarmersReportData[];
      if (a.status === 200) expect(after.farmerData).toMatchObject({ clientName: `Client ${race}`, farmName: header.farmName });
      else expect(after.farmerData).toMatchObject({ clientName: header.clientName, farmName: `Farm ${race}` });
      expect(after.rowVersion).toBe((a.status === 200 ? a : b).body[0].rowVersion);
    }
  }, 120_000);
});

describe('settings (POST /api/settings/update)', () => {
  it('of 10 races between a sugar and a starch limit change, each has one winner and one 409', async () => {
    for (let race = 0; race < 10; race++) {
      const read = (await one.call(settingsEndpoints.get, {})).body as { sugarLimit: number; starchLimit: number; rowVersion: number };
      const [a, b] = await Promise.all([
        one.call(settingsEndpoints.update, { ...read, sugarLimit: 100 + race }),
        two.call(settingsEndpoints.update, { ...read, starchLimit: 200 + race }),
      ]);
      expect(statuses(a, b), `race ${race}: ${JSON.stringify([a.body, b.body])}`).toEqual([200, 409]);
      const lost = a.status === 409 ? a : b;
      expect(lost.body).toEqual({ error: 'Conflict', message: SETTINGS_MESSAGES.changed });
      const after = (await one.call(settingsEndpoints.get, {})).body;
      expect(after.rowVersion).toBe(read.rowVersion + 1);
      if (a.status === 200) expect(after).toMatchObject({ sugarLimit: 100 + race, starchLimit: read.starchLimit });
      else expect(after).toMatchObject({ sugarLimit: read.sugarLimit, starchLimit: 200 + race });
    }
  }, 60_000);

  it('a save without the version read answers 400 naming rowVersion', async () => {
    const r = await one.call(settingsEndpoints.update, { sugarLimit: 1, starchLimit: 2 });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['rowVersion']);
  });
});
