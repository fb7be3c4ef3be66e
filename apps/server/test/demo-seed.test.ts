import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFeatures, authEndpoints } from '@sapwood/contracts';
import { askForDemoData } from '../../../scripts/demo-data.mjs';
import { ApiClient } from '../../../tests/support/api-client';
import { freshDatabase } from '../../../tests/support/database';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/platform/auth/passwords';
import { ensureRole, insertUser } from '../src/seed/seed.repository';

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

  it('has two control lots with about thirty runs each, some violating Westgard rules, none left holding (issue 37)', async () => {
    const lots = (await admin.call(apiFeatures.qc.lots, { page: 1, rowsPerPage: 20 })).body.rows as { id: number; analyte: string }[];
    expect(lots.map((l) => l.analyte).sort()).toEqual(['starch', 'sugar']);
    const rules = new Set<string>();
    for (const lot of lots) {
      const { runs } = (await admin.call(apiFeatures.qc.chart, { lotId: lot.id })).body as { runs: { violations: { rule: string }[]; outcome: string; released: boolean }[] };
      expect(runs.length).toBeGreaterThanOrEqual(28);
      for (const r of runs) r.violations.forEach((v) => rules.add(v.rule));
      expect(runs.filter((r) => r.outcome === 'reject').every((r) => r.released)).toBe(true);
    }
    expect([...rules].sort()).toEqual(['1-2s', '1-3s', '10-x', '2-2s', '4-1s']);
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

  it('lists demo staff in the demo roles, who sign in with the demo password the README states, and only with it', async () => {
    const users = (await admin.call(apiFeatures.users.paged, { page: 1, rowsPerPage: 50, search: '(demo)' })).body.rows;
    expect(users.map((u: { name: string }) => u.name).sort()).toEqual(['Johan Botha (demo)', 'Lerato Dlamini (demo)', 'Thandi Mokoena (demo)']);
    expect(users.every((u: { roleName: string }) => u.roleName.endsWith('(demo)'))).toBe(true);
    for (const u of users as { id: number; email: string }[]) {
      expect(u.email).toMatch(/@demo\.sapwood\.local$/);
      expect((await new ApiClient(server.url).call(authEndpoints.login, { email: u.email, password: DEMO_PASSWORD })).body).toBe('Success');
      expect((await new ApiClient(server.url).call(authEndpoints.login, { email: u.email, password: `${DEMO_PASSWORD}!` })).body).toBe('WrongPassword');
      // no other password: no link is sent for a demo user
      const link = await admin.call(apiFeatures.users.sendPasswordLink, { id: u.id });
      expect(link.status).toBe(400);
      expect(link.body.fields).toEqual([{ field: 'id', message: expect.stringContaining('demo password') }]);
    }
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

/** The demo password the README states for the demo users. */
const DEMO_PASSWORD = 'sapwood-demo-only';

/** Demo data only where it was asked for (issue 32, finding 5). */
describe('demo data only where asked for', () => {
  it('SEED_DEMO defaults to false, and the README lists it and states the demo password', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toMatch(/^\| `SEED_DEMO` \| false \|/m);
    expect(readme).toContain(`\`${DEMO_PASSWORD}\``);
  });

  it('a first start without SEED_DEMO (on the PostgreSQL server when TEST_DATABASE_URL is set) seeds no demo data', async () => {
    const db = await freshDatabase();
    const built = await buildApp(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'sapwood-nodemo-')), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent' }), { database: db.handle });
    try {
      const q = built.deps.db;
      expect((await q.selectFrom('users').select('email').execute()).map((u) => u.email)).toEqual([ADMIN.email]);
      expect((await q.selectFrom('roles').select('name').execute()).map((r) => r.name)).toEqual(['Administrator']);
      for (const table of ['crops', 'distributors', 'agents', 'agronomists', 'submissions', 'lab_jobs'] as const) {
        expect(Number((await q.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n), table).toBe(0);
      }
    } finally {
      await built.close();
      await db.drop();
    }
  });

  it('npm start asks for demo data on a new embedded database only (and never over an explicit SEED_DEMO)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sapwood-start-'));
    expect(askForDemoData({ DATA_DIR: dataDir }, process.cwd())).toEqual({ SEED_DEMO: 'true' });
    expect(askForDemoData({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, process.cwd())).toEqual({});
    expect(askForDemoData({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/lab' }, process.cwd())).toEqual({});
    mkdirSync(join(dataDir, 'pglite'));
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17');
    expect(askForDemoData({ DATA_DIR: dataDir }, process.cwd())).toEqual({});
  });

  it('a demo user cannot sign in to a database not seeded for demo, whatever their password', async () => {
    const plain = await startTestServer();
    try {
      const db = plain.built.deps.db;
      const roleId = await ensureRole(db, 'Lab technician (demo)', ['LabJobs']);
      await insertUser(db, { name: 'Thandi Mokoena (demo)', email: 'thandi.mokoena@demo.sapwood.local', roleId, passwordHash: await hashPassword(DEMO_PASSWORD), languageId: null });
      const r = await new ApiClient(plain.url).call(authEndpoints.login, { email: 'thandi.mokoena@demo.sapwood.local', password: DEMO_PASSWORD });
      expect(r.body).toBe('WrongPassword');
      expect(r.headers.get('set-cookie') ?? '').not.toMatch(/sapwood_session=[^;]/);
    } finally {
      await plain.close();
    }
  });
});
