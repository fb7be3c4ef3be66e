import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyKind } from './declaration';
import { type ListOrder, decodeCursor, encodeCursor } from './order';

/** A cursor sent back by the web table is read only when it names a row PostgreSQL can compare with (never a 500). */
const order = (kind: KeyKind): ListOrder => ({ name: `o-${kind}`, kind, keyDesc: false, idDesc: false } as unknown as ListOrder);
const forged = (o: ListOrder, k: unknown, id: unknown) => Buffer.from(JSON.stringify([o.name, k, id])).toString('base64url');

describe('list cursors', () => {
  it('are written as they always were: base64url of JSON [order, key, id] (cursors on screen stay good across a restart)', () => {
    fc.assert(fc.property(fc.constantFrom('default', 'clientName:a', 'o-text'), fc.option(fc.string({ unit: 'grapheme' }), { nil: null }), fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), (name, k, id) => {
      const o = { ...order('text'), name };
      expect(encodeCursor(o, k, id)).toBe(forged(o, k, id));
    }), { numRuns: 500 });
  });

  it.each([
    ['int', '2147483647', 7], ['int', '-5', -2147483648], ['num', '12.5', 1], ['num', '1e10', 1], ['text', 'client 0042', 9], ['plain', 'Nvirotek', 3],
    ['time', '2024-02-29 10:00:00+00', 1], ['time', '2024-01-31 23:59:59.123456+02:00', 2], ['time', '2024-01-01T10:00:00Z', 3], ['time', '1969-12-31 00:00:00-09:30', 4],
  ] as [KeyKind, string, number][])('reads back a %s key %s written by the list', (kind, k, id) => {
    const o = order(kind);
    expect(decodeCursor(o, encodeCursor(o, k, id))).toEqual({ k, id });
  });

  it.each([
    ['an id past PostgreSQL integer', 'int', '1', 2147483648], ['a negative id past it', 'int', '1', -2147483649], ['a fractional id', 'int', '1', 1.5],
    ['an id as text', 'int', '1', '1'], ['an int key past integer', 'int', '2147483648', 1], ['an int key with letters', 'int', '12a', 1],
    ['an infinite number', 'num', '1e400', 1], ['no real day (31 February)', 'time', '2024-02-31 10:00:00+00', 1],
    ['month 13', 'time', '2024-13-01 10:00:00+00', 1], ['hour 24', 'time', '2024-01-01 24:00:00+00', 1], ['minute 60', 'time', '2024-01-01 10:60:00+00', 1],
    ['year 0', 'time', '0000-01-01 10:00:00+00', 1], ['an offset of 99 hours', 'time', '2024-01-01 10:00:00+99', 1], ['not a time', 'time', 'yesterday', 1],
    ['NUL in a text key', 'text', 'a\u0000b', 1], ['a key that is no string', 'text', 5, 1],
  ] as [string, KeyKind, unknown, unknown][])('takes a cursor with %s as none', (_what, kind, k, id) => {
    const o = order(kind);
    expect(decodeCursor(o, forged(o, k, id))).toBeNull();
  });

  it.each(['text', 'time', 'int', 'plain'] as KeyKind[])('reads back a %s cursor of the id alone (a page read without its keys), which an order by the id never writes', (kind) => {
    const o = order(kind);
    expect(decodeCursor(o, encodeCursor(o, null, 42))).toEqual({ k: null, id: 42 });
    const byId = { ...o, byId: true } as ListOrder;
    expect(decodeCursor(byId, forged(byId, null, 42))).toBeNull();
  });

  it('takes a cursor of another order, or no JSON at all, as none', () => {
    expect(decodeCursor(order('int'), encodeCursor(order('text'), '1', 1))).toBeNull();
    expect(decodeCursor(order('int'), 'not base64 json')).toBeNull();
  });
});
