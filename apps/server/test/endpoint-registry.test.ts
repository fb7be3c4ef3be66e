import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, allEndpoints, authEndpoints } from '@sapwood/contracts';
import { ApiClient } from '../../../tests/support/api-client';
import { ADMIN, type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/**
 * Walks the whole endpoint registry: every endpoint declares who may call it, the server registers
 * exactly the declared endpoints, and the declared access is enforced for every one of them.
 */
let server: TestServer;
let anonymous: ApiClient;
let nobody: ApiClient;
let admin: ApiClient;
/** every permission but Admin and the screens a call may need besides its own (a submission tab's call) */
let noScreens: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  anonymous = new ApiClient(server.url);
  nobody = await signedIn(server.url, await createUser(server.built.deps.db, []));
  admin = await signedIn(server.url, ADMIN);
  const screens = new Set(allEndpoints.flatMap((e) => ('screen' in e.access && e.access.screen ? [e.access.screen] : [])));
  noScreens = await signedIn(server.url, await createUser(server.built.deps.db, PERMISSIONS.filter((p) => p !== 'Admin' && !screens.has(p))));
});
afterAll(() => server.close());

describe('endpoint registry', () => {
  it('every endpoint declares its access', () => {
    for (const ep of allEndpoints) {
      const a = ep.access as Record<string, unknown> | undefined;
      expect(a, `${ep.method} ${ep.path}`).toBeTruthy();
      expect(a && ('public' in a || 'session' in a || 'permission' in a), `${ep.method} ${ep.path} access`).toBe(true);
    }
  });

  it('paths are unique', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the server registers exactly the declared endpoints under /api', () => {
    const declared = new Set(allEndpoints.map((e) => `${e.method} ${e.path}`));
    const registered = server.built.routes.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    expect(new Set(registered)).toEqual(declared);
  });

  it.each(allEndpoints.filter((e) => !('public' in e.access)).map((e) => [`${e.method} ${e.path}`, e] as const))(
    'anonymous %s gets 401',
    async (_name, ep) => {
      const r = await anonymous.call(ep, {});
      expect(r.status).toBe(401);
    },
  );

  it.each(allEndpoints.filter((e) => 'permission' in e.access).map((e) => [`${e.method} ${e.path}`, e] as const))(
    'a user without the permission gets 403 from %s',
    async (_name, ep) => {
      const r = await nobody.call(ep, {});
      expect(r.status).toBe(403);
    },
  );

  it.each(allEndpoints.filter((e) => 'screen' in e.access && e.access.screen).map((e) => [`${e.method} ${e.path}`, e] as const))(
    'a user holding the permission but not its screen\'s gets 403 from %s',
    async (_name, ep) => {
      const r = await noScreens.call(ep, {});
      expect(r.status).toBe(403);
    },
  );

  it.each(allEndpoints.filter((e) => !('public' in e.access) && e !== authEndpoints.logout).map((e) => [`${e.method} ${e.path}`, e] as const))(
    'an administrator passes the access check of %s',
    async (_name, ep) => {
      const r = await admin.call(ep, {});
      expect([401, 403]).not.toContain(r.status);
      expect(r.status).toBeLessThan(500);
    },
  );
});
