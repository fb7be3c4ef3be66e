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

/** A row as json_build_object writes it: the id first, then each member as `"name" : value`. */
const row = fc.record({ id: fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), members: fc.array(fc.tuple(text, value), { maxLength: 4 }) });
const written = (r: { id: number; members: [string, unknown][] }) =>
  `{"id" : ${r.id}${r.members.map(([k, v]) => `, ${JSON.stringify(k)} : ${JSON.stringify(v)}`).join('')}}`;

describe('a page\'s end ids read from its JSON', () => {
  it('are the first and last rows\' ids, whatever their members hold', () => {
    fc.assert(fc.property(fc.array(row, { minLength: 1, maxLength: 6 }), (rows) => {
      const json = `[${rows.map(written).join(', ')}]`;
      // the text is JSON as PostgreSQL writes it, and the rows are what it says
      expect((JSON.parse(json) as { id: number }[]).map((r) => r.id)).toEqual(rows.map((r) => r.id));
      expect(endIdsOf(json)).toEqual({ firstId: rows[0].id, lastId: rows[rows.length - 1].id });
    }), { numRuns: 2000 });
  });

  it('are none on an empty page', () => {
    expect(endIdsOf('[]')).toEqual({ firstId: null, lastId: null });
  });

  it('refuse rows that do not start with their id (never a wrong cursor)', () => {
    expect(() => endIdsOf('[{"label" : "a", "id" : 1}]')).toThrow(/does not start with its id/);
    expect(() => endIdsOf('[{"id" : 1}, {"label" : "{\\"id\\" : 2", "id" : 3}]')).toThrow(/does not start with its id/);
  });
});
