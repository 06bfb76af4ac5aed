import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test-support/longest-first-sequencer';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
// The test kit shared by the server's tests and the browser tests (factories): one spelling from anywhere.
const testSupport = { '@test-support': fileURLToPath(new URL('./test-support', import.meta.url)) };

/**
 * Unit and integration files that run at once, beside the browser lane. Two on this two-core machine: an integration
 * file mostly waits (for its jobs, its retries' gaps, a line's call), measured at four fifths idle alone on a quiet
 * machine, so two overlap their waits; three saturated the cores (load 12 to 17) and browser pages that draw much ran
 * past their time limit (decision 078). More cores, more workers.
 */
const maxWorkers = Number(process.env.TEST_WORKERS ?? 2);

/**
 * Browser tests that start a Faxline server of their own and never touch the shared one: they need not wait their
 * turn in the browser lane, which decides the run's length, and run in the unit and integration files' processes
 * instead (decision 078, eighth look).
 */
const OWN_SERVER_BROWSER_FILES = ['e2e/carrier-numbers.test.ts', 'e2e/smoke.test.ts', 'e2e/installed-app.test.ts'];

/**
 * Four projects, one run: fast unit tests; server integration tests against a real PostgreSQL (one embedded cluster,
 * each test file in its own database cloned from a migrated template); browser tests in Debian's Chromium against
 * the production build, and the few browser tests with a server of their own. Unit, integration and own-server files
 * share `maxWorkers` processes, longest first; the shared server's browser tests run one after another in a lane of
 * their own beside them (a thread pool, so that Vitest runs it alongside the others
 * instead of after them, as it did while all shared one pool).
 */
export default defineConfig({
  test: {
    reporters: ['default', './test-support/summary-reporter.ts'],
    maxWorkers,
    minWorkers: 1,
    sequence: { sequencer: LongestFirstSequencer },
    // A forks process is kept from one file to the next (the pool's setting, read only at the root); whether a file
    // also keeps the modules the file before it loaded is each project's own choice below.
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        resolve: { alias: { '@': webSrc, ...testSupport } },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'test-support/**/*.test.ts'],
          environment: 'node',
          // Each file loads its modules anew: some replace a module (`vi.mock`) for themselves alone.
          poolOptions: { forks: { isolate: true } },
        },
      },
      {
        resolve: { alias: testSupport },
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          setupFiles: ['apps/server/test/support/each-file.ts'],
          // The server's modules are loaded once per process, not once per file (each file imported the whole server
          // anew, seconds of a lane's time each): a file gets its own database, app and queue, never a module's state.
          poolOptions: { forks: { isolate: false } },
          // Limits against a hang, not a speed check: the files share the two cores with the browser lane.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias: testSupport },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: OWN_SERVER_BROWSER_FILES,
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Pages load lazily and the cores are shared with the server tests: wait for what a person would see, up to
          // 30 s.
          expect: { poll: { timeout: 30_000, interval: 100 } },
          // One Chromium at a time, and one server: the files share its settings and its mailbox.
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
        },
      },
      {
        resolve: { alias: testSupport },
        test: {
          name: 'e2e-own-server',
          include: OWN_SERVER_BROWSER_FILES,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 30_000, interval: 100 } },
          // In the unit and integration files' processes, beside the browser lane rather than in it; each file loads its
          // modules anew, as the browser lane's do.
          pool: 'forks',
          poolOptions: { forks: { isolate: true } },
        },
      },
    ],
  },
});
