import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { readFile } from 'node:fs/promises';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to run for minutes in one worker (a walk over every screen on one server) start first: on a fresh
 * clone vitest has no durations yet and starts the largest files first, which leaves a small but long walk for the
 * end, one worker busy while the others wait. A file that marks itself `// vitest: long-running` (in its first
 * lines) is started before the rest.
 */
class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = new Set<TestSpecification>();
    await Promise.all(sorted.map(async (f) => {
      const head = (await readFile(f.moduleId, 'utf8')).slice(0, 2_000);
      if (head.includes('// vitest: long-running')) long.add(f);
    }));
    return [...sorted.filter((f) => long.has(f)), ...sorted.filter((f) => !long.has(f))];
  }
}

const alias = { '@sapwood/contracts': fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // minutes-long walks start first
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          // a worker's files share loaded modules (ADR 0093): each file still starts its own server on its own database
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/openapi-answers.setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          // as the API tests (ADR 0093): each file still starts its own server, database and Chromium
          isolate: false,
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/build-web.ts'],
          fileParallelism: true,
          // a shared, busy machine can take more than the default 1 s to re-render after a click
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
