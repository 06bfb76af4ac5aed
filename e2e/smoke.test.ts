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
    const server = startFaxline({ command: ['npm', 'start'], port, env: { DATA_DIR: dataDir } });
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
    // npm start builds the app first: about 30 s on a quiet machine, three times that on a loaded one.
  }, 180_000);
});
