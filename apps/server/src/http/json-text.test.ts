import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonText } from './json-text';

describe('JsonText.object', () => {
  it('writes raw members as they stand and serializes the rest', () => {
    const j = JsonText.object({ total: 3, key: 'a"b', none: null, gone: undefined }, { rows: '[{"id":1},{"id":2}]' });
    expect(JSON.parse(j.text)).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 3, key: 'a"b', none: null, gone: null });
  });
});

describe('JsonText.page', () => {
  it('writes a page as JsonText.object writes it, byte for byte', () => {
    for (const p of [
      { rowsJson: '[{"id":1}]', total: 12, estimated: false, firstKey: 'WyJkZWZhdWx0IiwiMSIsMV0', lastKey: 'a"b\\c' },
      { rowsJson: '[]', total: 0, estimated: true, firstKey: null, lastKey: null },
    ]) {
      const { rowsJson, ...rest } = p;
      expect(JsonText.page(p).text).toBe(JsonText.object(rest, { rows: rowsJson }).text);
    }
  });

  it('writes any cursor and count as JSON.stringify does (cursors of plain characters written without it)', () => {
    const cursor = fc.option(fc.oneof(fc.base64String(), fc.stringMatching(/^[\w-]*$/), fc.string({ unit: 'grapheme' }), fc.constantFrom('a"b', 'a\\b', '\n', '-_')), { nil: null });
    const total = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0));
    fc.assert(fc.property(cursor, cursor, total, fc.boolean(), (firstKey, lastKey, n, estimated) => {
      const p = { rowsJson: '[]', total: n, estimated, firstKey, lastKey };
      expect(JsonText.page(p).text).toBe(JsonText.object({ total: n, estimated, firstKey, lastKey }, { rows: '[]' }).text);
    }), { numRuns: 1000 });
  });
});
