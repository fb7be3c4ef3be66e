import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './tests/support/long-first-sequencer';

const alias = { '@sapwood/contracts': fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // minutes-long walks start first (tests/support/long-first-sequencer.ts)
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
