import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { durationKey, readDurations, type TDurations } from './longest-first-sequencer';
import { formatProjectTotals, formatSlowest, MEASURED_DURATIONS_FILE } from './test-durations';

/**
 * Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI and people read the same way.
 * A skipped test is a defect here (see DEVELOPERS.md), so skips are counted, not hidden.
 * Before it, the slowest test files of the run, so that a change sees what its tests cost (the budget is in the
 * README); every file's time is kept in test-results/ for `npm run test:durations`.
 */
export default class SummaryReporter implements Reporter {
  private vitest!: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const durations: TDurations = {};
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed += 1; // a file that failed to load
      const d = module.diagnostic();
      const key = durationKey(module.project.name, this.vitest.config.root, module.moduleId);
      durations[key] = Math.round(d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration + d.duration);
    }
    failed += errors.length;
    // A run of some files only adds to what an earlier run measured of the others.
    mkdirSync(path.dirname(MEASURED_DURATIONS_FILE), { recursive: true });
    const measured = { ...readDurations(MEASURED_DURATIONS_FILE), ...durations };
    writeFileSync(MEASURED_DURATIONS_FILE, `${JSON.stringify(measured, null, 2)}\n`);
    const slowest = formatSlowest(durations, 20);
    const totals = formatProjectTotals(durations);
    // Written at exit so that it is the run's last line, after Vitest's own summary.
    process.once('exit', () =>
      process.stdout.write(`\nslowest test files:\n${slowest}\ntime per project:\n${totals}\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`),
    );
  }
}
