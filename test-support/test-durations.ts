import path from 'node:path';
import type { TDurations } from './longest-first-sequencer';

/** Every test file's time in the last run (not kept in git: it is this machine's). */
export const MEASURED_DURATIONS_FILE = path.join(import.meta.dirname, '..', 'test-results', 'test-durations.json');

/** The `count` slowest files, one a line: seconds, project and path. */
export function formatSlowest(durations: TDurations, count: number): string {
  return Object.entries(durations)
    .sort(([, a], [, b]) => b - a)
    .slice(0, count)
    .map(([key, ms]) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${key}`)
    .join('\n');
}
