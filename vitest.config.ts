import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
// The test kit shared by the server's tests and the browser tests (factories): one spelling from anywhere.
const testSupport = { '@test-support': fileURLToPath(new URL('./test-support', import.meta.url)) };

/**
 * Three projects, one run: fast unit tests; server integration tests against a real PostgreSQL (one embedded cluster,
 * each test file in its own database cloned from a migrated template); browser tests in Debian's Chromium against
 * the production build.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test-support/summary-reporter.ts'],
    projects: [
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'test-support/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: testSupport },
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: testSupport },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Pages load lazily and the machine is shared: wait for what a person would see, up to 15 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One Chromium at a time: the machine has two cores.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
