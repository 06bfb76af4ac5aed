import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { freePort, startFaxline, tempDataDir } from '@test-support/faxline-process';
import { postgresProcessesUnder } from '@test-support/process-table';

// The README's start command, as a new user runs it: up, serving the web app, and gone without a trace on SIGTERM.
describe('npm start', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('starts Faxline, serves the home page, and stops its database on SIGTERM', async () => {
    const dataDir = await tempDataDir('faxline-smoke-');
    dirs.push(dataDir);
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    // A person's shell, not the test runner's: Vitest sets NODE_ENV=test, which Vite builds by, so `npm start` saw a
    // changed web app and rebuilt it in place, under the browser tests' own server (decision 078).
    const { NODE_ENV: _testRunners, ...shell } = process.env;
    const server = startFaxline({
      command: ['npm', 'start'],
      port,
      inheritEnv: false,
      env: { ...(shell as Record<string, string>), DATA_DIR: dataDir },
    });
    try {
      await server.untilReady();
      expect(await postgresProcessesUnder(dataDir)).toHaveLength(1);

      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        const response = await page.goto(baseUrl);
        expect(response?.status()).toBe(200);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
        expect(await page.title()).toContain('Faxline');
      } finally {
        await browser.close();
      }
    } finally {
      server.signal('SIGTERM');
      await server.finished;
    }

    expect(server.output()).toContain('"msg":"stopped"');
    expect(await postgresProcessesUnder(dataDir)).toEqual([]);
    // `npm test` has built the checkout: this start builds nothing (decision 077), and says so.
    expect(server.output()).toContain('build: web app unchanged since its last build');
    expect(server.output()).toContain('build: server unchanged since its last build');
  }, 180_000);
});
