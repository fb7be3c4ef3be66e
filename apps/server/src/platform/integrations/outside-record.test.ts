import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RECORD_LIMITS, readRecords, recordProblem, storableCopy, storableText } from './outside-record';

const deep = (n: number) => JSON.parse(`{"a":${'['.repeat(n)}${']'.repeat(n)}}`) as unknown;

describe('an outside record checked on its own (issue 33)', () => {
  it('takes ordinary text, emoji (a surrogate pair) included', () => {
    expect(recordProblem({ id: 'A-1', farm: 'Die Hoek 🌱', n: 3, list: [{ x: null }] })).toBeNull();
  });

  it('names the field with a NUL, a lone surrogate, too long a text, or too deep a nesting', () => {
    expect(recordProblem({ farm: 'a\u0000b' })).toBe("field 'farm' contains a NUL character");
    expect(recordProblem({ farm: 'a\ud800b' })).toBe("field 'farm' contains a broken Unicode character (a lone surrogate)");
    expect(recordProblem({ farm: 'x'.repeat(RECORD_LIMITS.text + 1) })).toBe(`field 'farm' is longer than ${RECORD_LIMITS.text} characters`);
    expect(recordProblem({ ['k\u0000']: 1 })).toBe('a field name in the record contains a NUL character');
    expect(recordProblem(deep(100_000))).toMatch(/^field 'a(\[0\])+' is nested deeper than 12 levels$/);
  });

  it('keeps a storable copy of any record: text cleaned, nesting cut, without recursion', () => {
    expect(storableText('a\u0000b\udc00c')).toBe('a\uFFFDb\uFFFDc');
    const copy = storableCopy(deep(100_000)) as { a: unknown };
    expect(JSON.stringify(copy)).toContain('[nested too deep]');
    expect(storableCopy({ farm: 'x\u0000', ok: true, n: Infinity })).toEqual({ farm: 'x\uFFFD', ok: true, n: null });
    expect((storableCopy({ many: Array.from({ length: 20_000 }, (_, i) => i) }) as { many: unknown[] }).many.length).toBeLessThanOrEqual(RECORD_LIMITS.nodes);
  });

  it('reads an answer\'s records one by one: a bad one refused with its reason and name, the others taken (ADR 0150)', () => {
    const Sample = z.object({ SampleRef: z.string().min(1), Ready: z.boolean() });
    const read = readRecords([
      { SampleRef: 'S1', Ready: true }, { SampleRef: 'S2\u0000', Ready: true }, { SampleRef: 'S3', Ready: 'yes' }, { Ready: true }, 7, { SampleRef: 'S6', Ready: false },
    ], Sample, (r) => r.SampleRef, (i) => `(sample ${i})`);
    expect(read.good).toEqual([{ SampleRef: 'S1', Ready: true }, { SampleRef: 'S6', Ready: false }]);
    expect(read.refused).toEqual([
      { name: 'S2\uFFFD', reason: "field 'SampleRef' contains a NUL character" },
      { name: 'S3', reason: "field 'Ready' is not true or false" },
      { name: '(sample 4)', reason: "field 'SampleRef' is missing" },
      { name: '(sample 5)', reason: 'the record is not an object' },
    ]);
  });
});
