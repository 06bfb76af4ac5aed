import { inject } from 'vitest';
import type { ServerBundle } from '@test-support/faxline-process';

/**
 * The server bundle this test run built once (global-setup.ts), for tests that run Faxline processes. It is removed
 * when the run ends, not by the test that uses it.
 */
export async function serverBundleOfThisRun(): Promise<ServerBundle> {
  return inject('serverBundle');
}
