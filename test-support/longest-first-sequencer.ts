import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Where each test file's last measured duration is kept (written by `npm run test:durations -- --save`). */
export const DURATIONS_FILE = path.join(import.meta.dirname, 'test-durations.json');

export type TDurations = Record<string, number>;

export function readDurations(file = DURATIONS_FILE): TDurations {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TDurations;
  } catch {
    return {};
  }
}

/** `integration:apps/server/test/integration/x.test.ts`: the key Vitest's own cache uses for a file. */
export function durationKey(projectName: string, root: string, moduleId: string): string {
  return `${projectName}:${path.relative(root, moduleId)}`;
}

/**
 * Starts the longest test files first, by the durations recorded in the repository, so that several test processes
 * finish together instead of one slow battery starting last and running alone. Vitest's own order needs its cache of
 * an earlier run, which a clean clone (CI) does not have. A file not recorded yet counts as a typical one (the median).
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const recorded = Object.values(durations).sort((a, b) => a - b);
    const typical = recorded[Math.floor(recorded.length / 2)] ?? 0;
    const root = this.ctx.config.root;
    const durationOf = (spec: TestSpecification) => durations[durationKey(spec.project.name, root, spec.moduleId)] ?? typical;
    return [...files].sort((a, b) => durationOf(b) - durationOf(a));
  }
}
