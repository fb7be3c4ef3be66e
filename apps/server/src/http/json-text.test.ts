import { describe, expect, it } from 'vitest';
import { JsonText } from './json-text';

describe('JsonText.object', () => {
  it('writes raw members as they stand and serializes the rest', () => {
    const j = JsonText.object({ total: 3, key: 'a"b', none: null, gone: undefined }, { rows: '[{"id":1},{"id":2}]' });
    expect(JSON.parse(j.text)).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 3, key: 'a"b', none: null, gone: null });
  });
});
