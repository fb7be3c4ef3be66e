import { describe, expect, it } from 'vitest';
import { REFUSED_TOLD, planSync } from './capture-sync-plan';
import type { CaptureWrite, StoredCapture } from './captures.repository';

const write = (key: string, reason: string | null, updatedAt = 't1'): CaptureWrite => ({ kind: 'leaf', key, updatedAt, original: { id: key }, mapped: null, reason, read: null });
const stored = (...rows: [key: string, refusedReason: string | null, updatedAt?: string][]) =>
  new Map<string, StoredCapture>(rows.map(([key, refusedReason, updatedAt], i) => [key, { id: i + 1, key, updatedAt: updatedAt ?? 't1', refusedReason }]));

describe('a sync’s plan', () => {
  it('tells every refused capture, new or refused before and unchanged, and writes only what changed', () => {
    const { result, inserts, updates } = planSync('leaf', [write('A', 'missing crop'), write('B', 'missing crop'), write('C', null), write('D', 'unknown crop \'X\'')],
      stored(['B', 'missing crop'], ['C', null], ['D', 'missing crop']));
    expect(result).toMatchObject({ added: 1, updated: 1, unchanged: 1, refused: 3 });
    expect(result.refusedCaptures).toEqual([{ key: 'A', reason: 'missing crop' }, { key: 'B', reason: 'missing crop' }, { key: 'D', reason: "unknown crop 'X'" }]);
    // A is new; D is refused for another reason now (its record says the new one); B stays as it is
    expect(inserts.map((w) => w.key)).toEqual(['A']);
    expect(updates.map((u) => u.write.key)).toEqual(['D']);
  });

  it('never refuses an imported capture the app has not changed (its crop may have been merged away since)', () => {
    const { result, updates } = planSync('leaf', [write('C', "unknown crop 'Old'")], stored(['C', null]));
    expect(result).toMatchObject({ unchanged: 1, refused: 0, refusedCaptures: [] });
    expect(updates).toEqual([]);
  });

  it('accepts a refused capture once it maps, and names at most the first 50 refused', () => {
    expect(planSync('leaf', [write('B', null)], stored(['B', 'missing crop'])).updates.map((u) => u.write.key)).toEqual(['B']);
    const many = Array.from({ length: 70 }, (_, i) => write(`K${i}`, 'missing crop'));
    const { result } = planSync('leaf', many, new Map());
    expect(result.refused).toBe(70);
    expect(result.refusedCaptures).toHaveLength(REFUSED_TOLD);
  });
});
