import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../../src/platform/logger';
import { startEmbeddedPostgres, waitUntilAccepting } from '../../src/platform/db/embedded-postgres';
import { livingMembersOf } from './process-groups';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type CrashablePostgres = {
  /** The application database's URL; unchanged across crashes (same port, same password). */
  url: string;
  /** SIGKILL to the postmaster and all its backends at once, as when the database machine loses power. */
  crash: () => Promise<void>;
  /** Starts PostgreSQL again on the same data folder and port (it replays its WAL) and waits until it accepts. */
  restart: () => Promise<void>;
  /** Fast shutdown, then the folder is removed. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of a test's own, which the test may kill: never the shared test cluster, that other test files
 * use. The first start is Faxline's own embedded start (initdb, password, database); restarts run the same binary on
 * the same folder and port, which the embedded start cannot do (it picks a free port each time).
 */
export async function startCrashablePostgres(logger: Logger): Promise<CrashablePostgres> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-crash-pg-'));
  await fs.chmod(root, 0o755); // PostgreSQL runs as its own user and must reach its folder
  const first = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), logger });
  // Restarted exactly as the embedded start ran it (program, folder, port, user), read from the running postmaster.
  const argv = (await fs.readFile(`/proc/${first.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
  const status = await fs.readFile(`/proc/${first.pid}/status`, 'utf8');
  const idOf = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  const runAs = { uid: idOf('Uid'), gid: idOf('Gid') };
  let pid = first.pid;
  let current: ChildProcess | undefined;
  let output = '';

  const crash = async () => {
    process.kill(-pid, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    while ((await livingMembersOf(pid)) > 0) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL (process group ${pid}) still alive 30 s after SIGKILL`);
      await delay(20);
    }
  };

  const restart = async () => {
    output = '';
    current = spawn(argv[0]!, argv.slice(1), {
      ...(process.getuid?.() === runAs.uid ? {} : runAs),
      cwd: '/',
      detached: true,
      env: { LC_ALL: 'C', PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
    current.stdout?.on('data', collect);
    current.stderr?.on('data', collect);
    pid = current.pid!;
    await waitUntilAccepting(first.url, current, () => output);
  };

  return {
    url: first.url,
    crash,
    restart,
    destroy: async () => {
      if (current && current.exitCode === null) {
        const exited = new Promise((resolve) => current!.once('exit', resolve));
        current.kill('SIGINT');
        await exited;
      } else if (!current) {
        await first.stop();
      }
      if ((await livingMembersOf(pid)) > 0) await crash();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
