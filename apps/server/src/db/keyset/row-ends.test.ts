import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endIdsOf } from './row-ends';

/** A member value of any JSON, texts full of what the scan must skip: quotes, backslashes, brackets and "id" members. */
const tricky = fc.constantFrom('"', '\\', '\\"', '{', '}', '[', ']', '{"id" : 5', ', {"id" : 7}', '\\\\', 'ü', '\n');
const text = fc.array(fc.oneof(tricky, fc.string({ maxLength: 4 })), { maxLength: 6 }).map((parts) => parts.join(''));
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie('nested')),
  nested: fc.oneof(fc.array(tie('any'), { maxLength: 3 }), fc.dictionary(fc.oneof(text, fc.constant('id')), tie('any'), { maxKeys: 3 })),
})).any;

/** A value as PostgreSQL's json functions write it: objects as `{"name" : value, …}`, arrays as `[a, b]` (so a nested object may start with `{"id" : `). */
function pgJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pgJson).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)} : ${pgJson(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/** A row as json_build_object writes it: the id first, then each member as `"name" : value`; some hold objects that start with an id too. */
const nestedRow = fc.record({ id: fc.integer(), rest: fc.dictionary(text, value, { maxKeys: 2 }) }).map(({ id, rest }) => ({ id, ...rest }));
const row = fc.record({ id: fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), members: fc.array(fc.tuple(text, fc.oneof(value, nestedRow, fc.array(nestedRow, { maxLength: 2 }))), { maxLength: 4 }) });
const written = (r: { id: number; members: [string, unknown][] }) =>
  `{"id" : ${r.id}${r.members.map(([k, v]) => `, ${JSON.stringify(k)} : ${pgJson(v)}`).join('')}}`;

describe('a page\'s end ids read from its JSON', () => {
  it('are the first and last rows\' ids, whatever their members hold', () => {
    fc.assert(fc.property(fc.array(row, { minLength: 1, maxLength: 6 }), (rows) => {
      const json = `[${rows.map(written).join(', ')}]`;
      // the text is JSON as PostgreSQL writes it, and the rows are what it says
      expect((JSON.parse(json) as { id: number }[]).map((r) => r.id)).toEqual(rows.map((r) => r.id));
      expect(endIdsOf(json)).toEqual({ firstId: rows[0].id, lastId: rows[rows.length - 1].id });
    }), { numRuns: 2000 });
  });

  it('are read on pages longer than the stretch searched first, and with a last row longer than it', () => {
    const long = fc.tuple(fc.constantFrom('pad', 'note'), fc.array(fc.oneof(tricky, fc.string({ maxLength: 40 })), { minLength: 20, maxLength: 120 }).map((p) => p.join('')));
    fc.assert(fc.property(fc.array(fc.record({ id: fc.integer(), members: fc.array(fc.oneof(long, fc.tuple(text, fc.oneof(value, nestedRow))), { maxLength: 5 }) }), { minLength: 1, maxLength: 12 }), (rows) => {
      const json = `[${rows.map(written).join(', ')}]`;
      expect(endIdsOf(json)).toEqual({ firstId: rows[0].id, lastId: rows[rows.length - 1].id });
    }), { numRuns: 500 });
    const padded = (id: number, n: number) => `{"id" : ${id}, "note" : "${'x'.repeat(n)}"}`;
    expect(endIdsOf(`[${padded(1, 5000)}, ${padded(2, 5000)}]`)).toEqual({ firstId: 1, lastId: 2 });
  });

  it('are read past objects nested in the last row that start with an id of their own, and past braces in its texts', () => {
    const last = '{"id" : 9, "group" : {"id" : 4, "name" : "a"}, "items" : [{"id" : 5}, {"id" : 6}]}';
    expect(endIdsOf(`[{"id" : 1}, ${last}]`)).toEqual({ firstId: 1, lastId: 9 });
    expect(endIdsOf('[{"id" : 1}, {"id" : 2, "name" : "a } b"}]')).toEqual({ firstId: 1, lastId: 2 });
    expect(endIdsOf('[{"id" : 3, "name" : "{\\"id\\" : 4}"}]')).toEqual({ firstId: 3, lastId: 3 });
  });

  it('are none on an empty page', () => {
    expect(endIdsOf('[]')).toEqual({ firstId: null, lastId: null });
  });

  it('refuse rows that do not start with their id (never a wrong cursor)', () => {
    expect(() => endIdsOf('[{"label" : "a", "id" : 1}]')).toThrow(/does not start with its id/);
    expect(() => endIdsOf('[{"id" : 1}, {"label" : "{\\"id\\" : 2", "id" : 3}]')).toThrow(/does not start with its id/);
  });
});
