import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFeatures } from '@sapwood/contracts';
import { type SentryStandIn, startSentryStandIn } from '../../../tools/stand-ins/sentry-server';
import { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

const ep = apiFeatures.errors;

/** A real unexpected failure: the table the lab crop list reads is gone for a moment. */
async function failOnce(server: TestServer, client: ApiClient): Promise<void> {
  const db = server.built.deps.db;
  await sql`alter table lab_crops rename to lab_crops_away`.execute(db);
  try {
    const r = await client.call(apiFeatures.labmins.paged, {});
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ error: 'InternalError', message: 'Something went wrong.' });
  } finally {
    await sql`alter table lab_crops_away rename to lab_crops`.execute(db);
  }
}

describe('error reports without an error-reporting service (issue 35)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the browser\'s crashes and the server\'s 5xx, grouped by fingerprint, for administrators only', async () => {
    const admin = await signedIn(server.url, ADMIN);
    const crash = { message: 'Cannot read properties of undefined (reading \'x\')', stack: 'TypeError: boom\n    at Grid (http://127.0.0.1/assets/LabJobsPage-abcdEF12.js:10:20)', screen: '/labjobs', appVersion: '0.1.0' };
    for (let i = 0; i < 3; i += 1) expect((await admin.call(ep.report, crash)).status).toBe(200);
    // the same crash of another build (another file hash, another line) is the same group
    expect((await admin.call(ep.report, { ...crash, stack: crash.stack.replace('abcdEF12.js:10:20', 'zzzzYY99.js:11:5') })).status).toBe(200);
    // a report names no query string (a reset token) even when one is sent
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.call(ep.report, { message: 'Other failure', screen: '/token?token=secret', appVersion: '0.1.0' })).status).toBe(200);
    await failOnce(server, admin);

    const list = await admin.call(ep.paged, { rowsPerPage: 50 });
    expect(list.status).toBe(200);
    const rows = list.body.rows as { id: number; source: string; message: string; screen: string; count: number }[];
    expect(rows.map((r) => [r.source, r.count, r.screen]).sort()).toEqual([
      ['browser', 1, '/token'],
      ['browser', 4, '/labjobs'],
      ['server', 1, 'POST /api/labmin/paged'],
    ].sort());
    const group = rows.find((r) => r.count === 4)!;
    const one = await admin.call(ep.get, { id: group.id });
    expect(one.body).toMatchObject({ message: crash.message, appVersion: '0.1.0', userName: 'Administrator', count: 4 });
    expect(one.body.stack).toContain('zzzzYY99.js');
    const server5xx = await admin.call(ep.get, { id: rows.find((r) => r.source === 'server')!.id });
    expect(server5xx.body.stack).toContain('lab_crops');
    expect((await admin.call(ep.get, { id: 999_999 })).status).toBe(404);

    const notAdmin = await signedIn(server.url, await createUser(server.built.deps.db, ['Users', 'Roles', 'Settings']));
    expect((await notAdmin.call(ep.paged, {})).status).toBe(403);
    expect((await notAdmin.call(ep.get, { id: group.id })).status).toBe(403);
    expect((await anonymous.call(ep.paged, {})).status).toBe(401);
  });

  it('refuses a report without a message, naming the field', async () => {
    const r = await new ApiClient(server.url).call(ep.report, { message: '', screen: '/', appVersion: '1' });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['message']);
  });
});

describe('error reports with SENTRY_DSN (issue 35)', () => {
  let server: TestServer;
  let sentry: SentryStandIn;
  beforeAll(async () => {
    sentry = await startSentryStandIn();
    server = await startTestServer({ SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'test-env' });
  });
  afterAll(async () => {
    await server?.close();
    await sentry?.close();
  });

  it('sends the server\'s unexpected error to the service as an envelope, and keeps nothing itself', async () => {
    const admin = await signedIn(server.url, ADMIN);
    await failOnce(server, admin);
    await expect.poll(() => sentry.events().length, { timeout: 10_000 }).toBe(1);
    const event = sentry.events()[0] as { environment: string; release: string; exception: { values: { value: string }[] }; tags: Record<string, string> };
    expect(event.environment).toBe('test-env');
    expect(event.exception.values[0].value).toContain('lab_crops');
    expect(event.tags.route).toBe('/api/labmin/paged');
    expect((await admin.call(ep.paged, {})).body.total).toBe(0);
    const startup = await admin.call(apiFeatures.auth.initial, {});
    expect(startup.body.errorReporting).toEqual({ dsn: sentry.dsn, environment: 'test-env' });
  });
});
