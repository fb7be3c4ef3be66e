import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to run for minutes in one worker (a walk over every screen on one server) start first: on a fresh
 * clone vitest has no durations yet and starts the largest files first, which leaves a small but long walk for the
 * end, one worker busy while the others wait. A file that marks itself `// vitest: long-running` (in its first
 * lines) is started before the rest.
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const { readFile } = await import('node:fs/promises');
    const long = new Set<TestSpecification>();
    await Promise.all(sorted.map(async (f) => {
      const head = (await readFile(f.moduleId, 'utf8')).slice(0, 2_000);
      if (head.includes('// vitest: long-running')) long.add(f);
    }));
    return [...sorted.filter((f) => long.has(f)), ...sorted.filter((f) => !long.has(f))];
  }
}
