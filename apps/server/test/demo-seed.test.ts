import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFeatures } from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
  admin = await signedIn(server.url, ADMIN);
});
afterAll(async () => {
  await server?.close();
});

/** What a lab user sees on a first start with demo data (npm start on an empty data directory). */
describe('demo data on a first start', () => {
  it('shows lab jobs in every state and carbohydrate results (the lab demo runs after the crop demo)', async () => {
    for (const ep of [apiFeatures.lab.jobs, apiFeatures.lab.jobsCompleted, apiFeatures.lab.jobsArchived]) {
      const r = await admin.call(ep, {});
      expect(r.status).toBe(200);
      expect(r.body.total).toBeGreaterThan(0);
    }
    const results = await admin.call(apiFeatures.carbohydrates.paged, { page: 1, rowsPerPage: 20 });
    expect(results.status).toBe(200);
    expect(results.body.rows.length).toBeGreaterThan(0);
  });

  it('has what the report dialog needs: a distributor and a default address', async () => {
    expect((await admin.call(apiFeatures.distributors.all, {})).body.length).toBeGreaterThan(0);
    expect((await admin.call(apiFeatures.addresses.index)).body.length).toBeGreaterThan(0);
  });

  it("uses the demo agents' and agronomists' names, so the entry form's lists hold them", async () => {
    const agents = (await admin.call(apiFeatures.agents.index)).body.map((a: { name: string }) => a.name);
    const agronomists = (await admin.call(apiFeatures.agronomists.index)).body.map((a: { name: string }) => a.name);
    const typed = (await admin.call(apiFeatures.lab.suggestions, {})).body;
    expect(typed.agents.length).toBeGreaterThan(0);
    expect(typed.agents.filter((n: string) => !agents.includes(n))).toEqual([]);
    expect(typed.agronomists.filter((n: string) => !agronomists.includes(n))).toEqual([]);
  });

  it('lists demo staff in the demo roles, none of whom can sign in before a password link is sent', async () => {
    const users = (await admin.call(apiFeatures.users.paged, { page: 1, rowsPerPage: 50, search: '(demo)' })).body.rows;
    expect(users.map((u: { name: string }) => u.name).sort()).toEqual(['Johan Botha (demo)', 'Lerato Dlamini (demo)', 'Thandi Mokoena (demo)']);
    expect(users.every((u: { hasPassword: boolean; roleName: string }) => !u.hasPassword && u.roleName.endsWith('(demo)'))).toBe(true);
  });

  it('ships leaf norms, DRIS norms and a formula graph for the demo crops, each marked as demo', async () => {
    const crops = (await admin.call(apiFeatures.crops.paged, { page: 1, rowsPerPage: 50 })).body.rows;
    expect(crops.length).toBeGreaterThan(0);
    const resolved = (await admin.call(apiFeatures.crops.resolveNorms, { cropId: crops[0].id })).body;
    expect(resolved.elements.length).toBeGreaterThan(0);
    expect(resolved.elements.every((e: { level: string; provenance: { demo: boolean } }) => e.level === 'crop' && e.provenance.demo)).toBe(true);
    expect(resolved.drisGraphs[0].rows.length).toBeGreaterThan(0);
    expect((await admin.call(apiFeatures.drisgraphs.getAll, {})).body.map((g: { name: string }) => g.name)).toContain('Macro DRIS (demo)');
  });
});
