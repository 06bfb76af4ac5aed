import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI and people read the same way.
 * A skipped test is a defect here (see DEVELOPERS.md), so skips are counted, not hidden.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed += 1; // a file that failed to load
    }
    failed += errors.length;
    // Written at exit so that it is the run's last line, after Vitest's own summary.
    process.once('exit', () => process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`));
  }
}
