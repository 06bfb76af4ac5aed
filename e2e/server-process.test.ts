import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, postgresProcessesUnder, repoRoot, startProcess, tempDataDir, waitForReady } from './support/server-process';

const bundle = path.join(repoRoot, 'apps/server/dist/main.js');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('exits with a message naming a malformed setting and what it expects', async () => {
    const run = startProcess(process.execPath, [bundle], { PORT: 'eighty', DATABASE_URL: 'not a url' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT: expected a whole number from 0 to 65535, got "eighty"');
    expect(run.output()).toContain('DATABASE_URL: expected a postgres:// or postgresql:// URL, got "not a url"');
    expect(run.output()).not.toMatch(/\n\s+at /); // no stack trace for a settings mistake
  });

  it('refuses an unknown --role', async () => {
    const run = startProcess(process.execPath, [bundle, '--role=everything'], {});
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('--role: expected one of all, api, worker, got "everything"');
  });

  it('drains, stops PostgreSQL and exits 0 on SIGINT, and refuses a second server on the same folder', async () => {
    const dataDir = await tempDataDir('faxline-proc-');
    dirs.push(dataDir);
    const port = await freePort();
    const first = startProcess(process.execPath, [bundle], { PORT: String(port), DATA_DIR: dataDir });
    await waitForReady(`http://localhost:${port}`, first.child, first.output);

    const second = startProcess(process.execPath, [bundle], { PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/The database folder .* is in use by another PostgreSQL/);

    first.signal('SIGINT');
    expect(await first.exited).toBe(0);
    expect(await postgresProcessesUnder(dataDir)).toEqual([]);
  });

  it('creates a platform admin with npm run admin:create, also while the server runs', async () => {
    const dataDir = await tempDataDir('faxline-admin-');
    dirs.push(dataDir);
    const created = startProcess(
      'npm',
      ['run', 'admin:create', '--', '--email', 'ops@example.com', '--password', 'Ops-team-pass-7', '--name', 'Ops'],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(await created.exited).toBe(0);
    expect(created.output()).toContain('Platform admin ops@example.com created.');

    const port = await freePort();
    const server = startProcess(process.execPath, [bundle], { PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'false' });
    await waitForReady(`http://localhost:${port}`, server.child, server.output);
    const promoted = startProcess('npm', ['run', 'admin:create', '--', '--email', 'ops@example.com', '--password', 'Ignored-pass-8'], {
      DATA_DIR: dataDir,
    });
    expect(await promoted.exited).toBe(0);
    expect(promoted.output()).toContain('already had an account and is now a platform admin');

    const signIn = await fetch(`http://localhost:${port}/api/admin-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'ops@example.com', password: 'Ops-team-pass-7' }),
    });
    expect(signIn.status).toBe(200);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('runs the job worker alone with --role=worker, without an HTTP server', async () => {
    const dataDir = await tempDataDir('faxline-worker-');
    dirs.push(dataDir);
    const port = await freePort();
    const worker = startProcess(process.execPath, [bundle, '--role=worker'], { PORT: String(port), DATA_DIR: dataDir });
    await expect.poll(() => worker.output(), { timeout: 60_000 }).toContain('"role":"worker"');
    expect(
      await fetch(`http://localhost:${port}/healthz`).then(
        (r) => r.status,
        () => 'refused',
      ),
    ).toBe('refused');
    worker.signal('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});
