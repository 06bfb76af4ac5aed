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

/**
 * Each project's files added up, one a line: the time each lane of the run spent (unit and integration files share
 * one lane, the browser files have theirs), to see which lane decides the run's length.
 */
export function formatProjectTotals(durations: TDurations): string {
  const totals = new Map<string, { ms: number; files: number }>();
  for (const [key, ms] of Object.entries(durations)) {
    const project = key.slice(0, key.indexOf(':'));
    const total = totals.get(project) ?? { ms: 0, files: 0 };
    totals.set(project, { ms: total.ms + ms, files: total.files + 1 });
  }
  return [...totals]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([project, { ms, files }]) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${project}, ${files} ${files === 1 ? 'file' : 'files'}`)
    .join('\n');
}
