import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A data folder of its own; PostgreSQL runs as another user and must be able to reach it. */
export async function tempDataDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755);
  return dir;
}

export async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${output()}`);
    const status = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${timeoutMs} ms:\n${output()}`);
}

/** Starts a command in its own process group, as a terminal would, collecting what it prints. */
export function startProcess(command: string, args: string[], env: Record<string, string>) {
  // Any free port for the e-mail to fax gateway unless a test names one: servers of parallel tests never meet on 2525.
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, SMTP_INGRESS_PORT: '0', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the streams close only when every process holding them (npm's children too) has ended.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    /** Signals the whole group, like Ctrl-C or a service manager's stop. */
    signal: (name: NodeJS.Signals) => process.kill(-child.pid!, name),
  };
}

/** PIDs of PostgreSQL server processes whose data folder lies under `dir`. */
export async function postgresProcessesUnder(dir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args[0]?.endsWith('/postgres') && args.some((arg) => arg.startsWith(dir))) pids.push(Number(entry));
  }
  return pids;
}
