// Usage: npx tsx bench/lighthouse.mjs [buildName] [--runs=N]
//
// Lighthouse 12, desktop preset, on the public pages (performance >= 95, accessibility 100, CLS<0.1).
// It starts the production server from a build, as the browser tests do (e2e/support/global-setup.ts): a private build
// made by `bash scripts/build-private.sh <buildName>` (apps/*/.builds/<buildName>), or the shared one (apps/*/dist)
// without a name; on a temporary DATA_DIR and a free port. Then Debian's Chromium, through chrome-launcher, loads each
// page N times (3 by default; Lighthouse's own median of the runs that completed is reported), then stops the server.
//
// Printed per page: performance and accessibility scores, CLS, LCP, TBT and the JavaScript bytes transferred. Beside
// them, the anchor of the same run: Lighthouse's benchmarkIndex, its measure of how fast this CPU was at that moment
// (the machine is shared, and TBT and LCP are simulated from timings observed on it).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { faxlineBuild, freePort, startFaxline, tempDataDir } from '../test-support/faxline-process.ts';

const PAGES = ['/', '/pricing'];
const CHROMIUM = '/usr/bin/chromium';
// No internet here: keep Chromium from reaching out (updates, sync, QUIC probes), which would stall or skew the runs.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
];

const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;
const buildName = args.find((a) => !a.startsWith('--'));
if (!Number.isInteger(runs) || runs < 1) {
  console.error('Usage: npx tsx bench/lighthouse.mjs [buildName] [--runs=N]');
  process.exit(2);
}

const { server: bundle, webDist } = faxlineBuild(buildName);
if (!existsSync(bundle) || !existsSync(path.join(webDist, 'index.html'))) {
  console.error(
    buildName
      ? `No build named ${buildName}: run \`bash scripts/build-private.sh ${buildName}\` first.`
      : 'No shared build: run `npm run build` first (or give the name of a private build).',
  );
  process.exit(2);
}

const dataDir = await tempDataDir('faxline-lighthouse-');
const port = await freePort();
const server = startFaxline({
  server: bundle,
  port,
  env: {
    NODE_ENV: 'production',
    // Production takes its secrets from the environment only: made up for this run.
    AUTH_SECRET: randomBytes(32).toString('hex'),
    FILES_MASTER_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDist,
  },
});
const baseUrl = server.url;

let chrome;
async function stop() {
  await chrome?.kill();
  await server.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value) => `${Math.round(value)} ms`;

try {
  await server.untilReady();
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  console.log(`Lighthouse desktop preset, ${buildName ? `build ${buildName}` : 'shared build'}, median of ${runs} run(s) per page`);
  for (const page of PAGES) {
    const lhrs = [];
    for (let i = 0; i < runs; i += 1) {
      const result = await lighthouse(
        `${baseUrl}${page}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        desktopConfig,
      );
      // A run can fail on a loaded machine (a protocol timeout): said, and left out of the median.
      const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
      if (error) console.log(`${page.padEnd(9)}  run ${i + 1} failed: ${error.code} ${error.message}`);
      else lhrs.push(result.lhr);
    }
    if (lhrs.length === 0) throw new Error(`Every run of ${page} failed.`);
    const lhr = computeMedianRun(lhrs);
    if (page === PAGES[0])
      console.log(`(Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]})`);
    const audit = (id) => lhr.audits[id];
    const scripts = audit('resource-summary').details.items.find((item) => item.resourceType === 'script');
    const score = (id) => Math.round(lhr.categories[id].score * 100);
    console.log(
      [
        page.padEnd(9),
        `performance ${score('performance')}`,
        `accessibility ${score('accessibility')}`,
        `CLS ${audit('cumulative-layout-shift').numericValue.toFixed(3)}`,
        `LCP ${ms(audit('largest-contentful-paint').numericValue)}`,
        `TBT ${ms(audit('total-blocking-time').numericValue)}`,
        `JS transferred ${kB(scripts?.transferSize ?? 0)}`,
        `(anchor: benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)})`,
      ].join('  '),
    );
    const failing = Object.values(lhr.categories.accessibility.auditRefs)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    for (const a of failing) console.log(`           accessibility: ${a.id} (${a.title})`);
  }
} finally {
  await stop();
}
