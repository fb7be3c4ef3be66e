import { describe, expect, it } from 'vitest';
import { agentsEndpoints } from './agents';
import { depotsEndpoints } from './depots';
import { ReferenceListUpsert, reassignMessage } from './reference-lists';

/** The contract is the client's and the server's validation at once: its messages are the spec's. */
describe('reference list contracts', () => {
  it('trims the name, defaults id to 0 and originate to International', () => {
    expect(ReferenceListUpsert.parse({ name: '  Cape Agents ' })).toEqual({ id: 0, name: 'Cape Agents', originate: 'International' });
  });

  it.each([[''], ['   '], [undefined]])("refuses the name %j with 'Name required'", (name) => {
    const r = ReferenceListUpsert.safeParse({ id: 0, name });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'Name required']]);
  });

  it('accepts only International or Usa as originate', () => {
    expect(ReferenceListUpsert.safeParse({ name: 'X', originate: 'Usa' }).success).toBe(true);
    expect(ReferenceListUpsert.safeParse({ name: 'X', originate: 'usa' }).success).toBe(false);
  });

  it.each([
    ['agent', agentsEndpoints, '/api/agent', 'Agents'],
    ['depot', depotsEndpoints, '/api/depot', 'Depots'],
  ] as const)('%s: paths, access and the reassign message', (noun, ep, base, permission) => {
    expect([ep.index.path, ep.paged.path, ep.upsert.path, ep.archive.path]).toEqual([`${base}/index`, `${base}/paged`, `${base}/upsert`, `${base}/archive`]);
    expect(ep.index.access).toEqual({ session: true });
    expect(ep.archive.access).toEqual({ permission });
    for (const assignId of [undefined, null, 0, 1.5]) {
      const r = ep.archive.input.safeParse({ id: 3, assignId });
      expect(r.error?.issues.map((i) => i.message), String(assignId)).toEqual([reassignMessage(noun)]);
    }
    expect(reassignMessage(noun)).toBe(`Select a ${noun} to reassign`);
  });
});
