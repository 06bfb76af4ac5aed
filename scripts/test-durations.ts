// Prints the slowest test files of the last test run (`npm run test:durations`), so that an issue sees what its tests
// cost against the README's budget. With `--save` it also records every file's time in test-support/, where the test
// run reads it to start the longest files first: commit that file after a change that adds slow tests.
import { writeFileSync } from 'node:fs';
import { DURATIONS_FILE, readDurations } from '../test-support/longest-first-sequencer';
import { formatProjectTotals, formatSlowest, MEASURED_DURATIONS_FILE } from '../test-support/test-durations';

const measured = readDurations(MEASURED_DURATIONS_FILE);
if (Object.keys(measured).length === 0) {
  console.error('No test run is recorded yet: run `npm test` (or one project) first.');
  process.exit(1);
}
const total = Object.values(measured).reduce((sum, ms) => sum + ms, 0);
console.log(`${Object.keys(measured).length} test files, ${(total / 1000).toFixed(0)} s in all (one process each):`);
console.log(formatSlowest(measured, 20));
console.log(`time per project:\n${formatProjectTotals(measured)}`);
if (process.argv.includes('--save')) {
  const sorted = Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`saved in ${DURATIONS_FILE}`);
}
