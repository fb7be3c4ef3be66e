import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drisgraphsEndpoints as ep } from '@sapwood/contracts';
import { listAudit } from '../src/platform/audit/audit.repository';
import type { ApiClient } from '../../../tests/support/api-client';
import { type TestServer, startTestServer } from '../../../tests/support/server';
import { createUser, signedIn } from '../../../tests/support/users';

/** The formula graph calls over real HTTP: insert, update, paged, getall, expression checks, versions, gating. */
let server: TestServer;
let staff: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedIn(server.url, await createUser(server.built.deps.db, ['DrisGraphs']));
  other = await signedIn(server.url, await createUser(server.built.deps.db, ['Crop']));
});
afterAll(() => server.close());

const formula = {
  relationships: [{ name: 'NP', expression: 'N/P' }, { name: 'NK', expression: 'N / K' }],
  values: [{ element: 'N', expression: '(NP + NK) / 2' }, { element: 'P', expression: '-NP' }],
};

describe('formula graphs API', () => {
  it("inserts and updates, answering { error: false, message: 'success' }, with audit records and versions", async () => {
    const a = await staff.call(ep.insert, { name: ' Macro ', alternateFunction: false, formula });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ error: false, message: 'success', graph: { id: expect.any(Number), name: 'Macro', alternateFunction: false, formula, rowVersion: 1 } });
    const changed = { ...formula, values: [...formula.values, { element: 'K', expression: '-NK' }] };
    const u = await staff.call(ep.update, { id: a.body.graph.id, rowVersion: 1, name: 'Macro N', alternateFunction: true, formula: changed });
    expect(u.body).toMatchObject({ error: false, message: 'success', graph: { name: 'Macro N', alternateFunction: true, formula: changed, rowVersion: 2 } });
    // the version read is required, and a stale one is refused
    const stale = await staff.call(ep.update, { id: a.body.graph.id, rowVersion: 1, name: 'Macro X', formula });
    expect(stale.status).toBe(409);
    const noVersion = await staff.call(ep.update, { id: a.body.graph.id, name: 'Macro X', formula });
    expect(noVersion.status).toBe(400);
    const audit = await listAudit(server.built.deps.db, 'formula_graph', a.body.graph.id);
    expect(audit.map((x) => x.action)).toEqual(['create', 'update']);
    expect(audit[1].old_values).toMatchObject({ name: 'Macro', alternateFunction: false });
  });

  it("refuses 'Graph name required', '- required' and bad expressions on the fields they are about, saving nothing", async () => {
    const r = await staff.call(ep.insert, {
      name: '  ',
      formula: {
        relationships: [{ name: 'NP', expression: 'N/Px' }, { name: '', expression: 'K/' }],
        values: [{ element: 'N', expression: 'NP + QQ' }, { element: 'Zz', expression: '' }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ValidationError');
    expect(r.body.fields).toEqual([
      { field: 'name', message: 'Graph name required' },
      { field: 'formula.relationships.0.expression', message: "Unknown name 'Px' at position 3" },
      { field: 'formula.relationships.1.name', message: '- required' },
      { field: 'formula.relationships.1.expression', message: 'Expected expression after / at position 3' },
      { field: 'formula.values.0.expression', message: "Unknown name 'QQ' at position 6" },
      { field: 'formula.values.1.element', message: expect.stringMatching(/^Choose an element/) },
      { field: 'formula.values.1.expression', message: '- required' },
    ]);
    expect((await staff.call(ep.paged, { search: '' })).body.rows.map((g: { name: string }) => g.name)).not.toContain('');
    // no eval: a script is only text that does not parse
    const noValues = await staff.call(ep.insert, { name: 'Empty', formula: { relationships: [], values: [] } });
    expect(noValues.body.fields).toEqual([{ field: 'formula.values', message: '- required' }]);
    const script = await staff.call(ep.insert, { name: 'Script', formula: { relationships: [], values: [{ element: 'N', expression: 'process.exit(1)' }] } });
    expect(script.status).toBe(400);
    expect(script.body.fields[0].field).toBe('formula.values.0.expression');
  });

  it('keeps names unique whatever their case', async () => {
    await staff.call(ep.insert, { name: 'Micro', formula });
    const twice = await staff.call(ep.insert, { name: 'MICRO', formula });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toEqual([{ field: 'name', message: 'Name must be unique' }]);
  });

  it('pages and searches for DrisGraphs; getall for any signed-in user; the rest refused without DrisGraphs', async () => {
    const page = await staff.call(ep.paged, { search: 'mac', sortBy: 'name' });
    expect(page.body).toEqual({ rows: [expect.objectContaining({ name: 'Macro N' })], total: 1 });
    const all = await other.call(ep.getAll, {});
    expect(all.status).toBe(200);
    expect(all.body.map((g: { name: string }) => g.name)).toEqual(['Macro N', 'Micro']);
    expect((await other.call(ep.paged, {})).status).toBe(403);
    expect((await other.call(ep.insert, { name: 'X', formula })).status).toBe(403);
    expect((await other.call(ep.update, { id: 1, rowVersion: 1, name: 'X', formula })).status).toBe(403);
  });
});
