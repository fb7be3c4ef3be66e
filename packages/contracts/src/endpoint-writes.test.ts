import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type EndpointDef, endpoint } from './endpoint';
import { allEndpoints } from './index';

/**
 * Every call that changes a stored record carries the version it read (ADR 0110). Each POST declares what it
 * stores (`writes`): a version field its input carries, 'nothing', or why it needs none (an idempotent flag, a
 * create, a removal, an action) with the reason. The property test (no-5xx) holds 'nothing' to it.
 */
const HOW = "writes: { version: '<the input field carrying the version read>' } when it changes stored records " +
  '(required for an existing record: versioned() or RowVersion; a stale one answers 409), ' +
  "writes: { unversioned: 'flag' | 'creates' | 'removes' | 'action', reason: '<why no change can be lost>' } when nothing read " +
  "from a stored record is written back, or writes: 'nothing' when it stores nothing (packages/contracts/src/endpoint.ts, ADR 0110)";

/** The names of every field of every object in a schema, at any depth (through wrappers, pipes, unions). */
function fieldNames(schema: z.ZodType, out = new Set<string>(), seen = new Set<z.ZodType>()): Set<string> {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown) => fieldNames(s as z.ZodType, out, seen);
  if (def.type === 'object') {
    for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      out.add(k);
      walk(v);
    }
  } else if (def.type === 'array') walk(def.element);
  else if (def.type === 'pipe') {
    walk(def.in);
    walk(def.out);
  } else if (def.type === 'union') for (const o of def.options as z.ZodType[]) walk(o);
  else if ('innerType' in def) walk(def.innerType);
  return out;
}

/** What is wrong with an endpoint's `writes`, or null. */
function writesProblem(ep: EndpointDef): string | null {
  const name = `${ep.method} ${ep.path}`;
  const w = ep.writes;
  const fields = fieldNames(ep.input);
  if (ep.method === 'GET') {
    if (w === undefined || (typeof w === 'object' && 'unversioned' in w && w.unversioned === 'action')) return null;
    return `${name}: a GET stores nothing; only an action (a sign-out) may declare writes`;
  }
  if (w === undefined) return `${name} writes without saying how it keeps another's change: declare ${HOW}`;
  if (w === 'nothing') return fields.has('rowVersion') ? `${name} declares writes: 'nothing' but its input carries a rowVersion: declare { version: 'rowVersion' }` : null;
  if ('version' in w) return fields.has(w.version) ? null : `${name} declares the version field '${w.version}', which its input does not have: ${HOW}`;
  if (!w.reason.trim()) return `${name} is unversioned (${w.unversioned}) without a reason: say why no change can be lost`;
  if (fields.has('rowVersion')) return `${name} is declared unversioned but its input carries a rowVersion: declare { version: 'rowVersion' }`;
  return null;
}

describe('every call that changes a stored record carries the version it read', () => {
  it.each(allEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_name, ep) => {
    expect(writesProblem(ep)).toBeNull();
  });

  it('the walk refuses a POST saying nothing, a version its input lacks, a reason left empty', () => {
    const input = z.object({ id: z.number(), rowVersion: z.number() });
    const post = (writes?: EndpointDef['writes']) => endpoint({ method: 'POST', path: '/api/x/save', access: { session: true }, input, output: z.literal(true), writes });
    expect(writesProblem(post())).toMatch(/^POST \/api\/x\/save writes without saying how .* declare writes: \{ version:/);
    expect(writesProblem(post({ version: 'version' }))).toMatch(/declares the version field 'version', which its input does not have/);
    expect(writesProblem(post({ unversioned: 'flag', reason: ' ' }))).toMatch(/without a reason/);
    expect(writesProblem(post({ unversioned: 'flag', reason: 'sets a flag' }))).toMatch(/carries a rowVersion/);
    expect(writesProblem(post('nothing'))).toMatch(/carries a rowVersion/);
    expect(writesProblem(post({ version: 'rowVersion' }))).toBeNull();
  });
});
