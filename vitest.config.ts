import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@sapwood/contracts': fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
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
