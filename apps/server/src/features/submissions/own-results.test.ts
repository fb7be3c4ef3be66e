import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every reader of a submission's results goes through `ownResults` (own-results.repository.ts, ADR 0097): walks
 * the server's sources for SQL that reads `capture_results` and allows it only in the leafs feature (the table's
 * owner: the captures' own lists, the one writer) and in own-results.repository.ts. A new Lab Result, print,
 * report or post that joined `capture_results` by capture alone (and showed another lab's result) fails here.
 */
const src = join(import.meta.dirname, '../..');
const READS = /\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|updateTable|deleteFrom)\(\s*['"`]capture_results\b|\b(?:from|join)\s+capture_results\b/i;
const ALLOWED = [/^features\/leafs\//, /^features\/submissions\/own-results\.repository\.ts$/, /\/migrations\//, /\.test\.ts$/];

/** The files under `dir` (relative to the server's src) that read capture_results outside the allowed places. */
function readersOutside(files: { path: string; text: string }[]): string[] {
  return files.filter((f) => !ALLOWED.some((a) => a.test(f.path)) && READS.test(f.text)).map((f) => f.path);
}

const sources = (dir: string): { path: string; text: string }[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const full = join(dir, e.name);
  if (e.isDirectory()) return sources(full);
  return e.name.endsWith('.ts') ? [{ path: relative(src, full), text: readFileSync(full, 'utf8') }] : [];
});

describe("a submission's results are read in one place", () => {
  it('no server source outside the leafs feature and ownResults reads capture_results', () => {
    expect(readersOutside(sources(src))).toEqual([]);
  });

  it('catches a planted reader, in Kysely and in raw SQL', () => {
    expect(readersOutside([
      { path: 'features/leaf-report/planted.ts', text: "db.selectFrom('submission_samples as s').leftJoin('capture_results as r', 'r.capture_id', 's.capture_id')" },
      { path: 'features/submissions/planted.ts', text: 'sql`select r.values from submission_samples s join capture_results r on r.capture_id = s.capture_id`' },
      { path: 'features/leafs/captures-list.repository.ts', text: "db.selectFrom('capture_results')" },
      { path: 'features/submissions/submission-results.repository.ts', text: '// the leafs feature\'s `capture_results`, read through ownResults' },
    ])).toEqual(['features/leaf-report/planted.ts', 'features/submissions/planted.ts']);
  });
});
