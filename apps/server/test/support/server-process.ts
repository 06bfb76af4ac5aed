import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A server process kept ready, as a supervisor keeps a warm spare: it loads the server's npm dependencies (nearly all
 * of its start-up time), then runs the server itself when a line arrives on stdin. It ends if its parent goes first.
 */
const standbyLauncher = (dependencies: string[]) => `// Written by apps/server/test/support/server-process.ts.
import readline from 'node:readline';
await Promise.all(${JSON.stringify(dependencies)}.map((name) => import(name)));
process.stderr.write('standby: dependencies loaded\\n');
const lines = readline.createInterface({ input: process.stdin });
const go = await new Promise((resolve) => {
  lines.once('line', () => resolve(true));
  lines.once('close', () => resolve(false));
});
lines.close();
if (!go) process.exit(0);
await import('./main.js');
`;

/**
 * The server bundled from the current source exactly as `npm run build` makes it (esbuild, under a second), in a
 * private build folder of its own, with the standby launcher beside it. Through the bundle a process starts in about
 * two seconds of CPU, where TypeScript through tsx takes three times that; a crash battery restarts workers many times.
 */
export async function buildServerBundle(): Promise<{ file: string; launcher: string; remove: () => Promise<void> }> {
  const dir = path.join(serverDir, '.builds', `crash-test-${randomBytes(4).toString('hex')}`);
  const file = path.join(dir, 'main.js');
  await promisify(execFile)(process.execPath, [path.join(serverDir, 'scripts/build.mjs'), '--outfile', file], { cwd: serverDir });
  // The bundle's npm imports (esbuild leaves them as `import ... from "name"` lines); a missed one only loads later.
  const bundle = await fs.readFile(file, 'utf8');
  const dependencies = [...new Set([...bundle.matchAll(/^import\s[^;]*?\sfrom\s"([^".][^"]*)";$/gm)].map((m) => m[1]!))];
  const launcher = path.join(dir, 'standby.mjs');
  await fs.writeFile(launcher, standbyLauncher(dependencies));
  return { file, launcher, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

export type LogLine = { at: number; process: string; text: string };

/** Every line the server processes of a test printed, in order, to explain a failure with the lines about one fax. */
export class ProcessLogs {
  readonly lines: LogLine[] = [];
  add(processName: string, text: string) {
    for (const line of text.split('\n')) if (line.trim()) this.lines.push({ at: Date.now(), process: processName, text: line.trim() });
  }
  /** Writes every line to `file` (time, process, line), for the post-mortem of a failed battery. */
  async save(file: string): Promise<void> {
    await fs.writeFile(file, this.lines.map((l) => `${new Date(l.at).toISOString()} [${l.process}] ${l.text}`).join('\n'));
  }
  about(needle: string, max = 40): string[] {
    return this.lines
      .filter((l) => l.text.includes(needle))
      .slice(-max)
      .map((l) => `[${l.process}] ${l.text}`);
  }
}

export type ServerProcess = {
  name: string;
  pid: number;
  /** Resolves once the dependencies are loaded and the process waits for `start`. */
  standing: Promise<void>;
  /** Runs the server (`node main.js <args>`). */
  start: () => void;
  /** Resolves once the server logged that it is running; rejects if it exits first or takes too long. */
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** `kill -9` of the process and everything it started (its Ghostscript runs): a machine or container dying. */
  crash: () => Promise<void>;
  /** SIGTERM: the graceful stop. */
  stop: () => Promise<void>;
};

/**
 * A standby server process (see `standbyLauncher`) on the bundle, with exactly `env` (plus PATH), in a process group
 * of its own, its log lines collected into `logs`.
 */
export function startServerProcess(options: {
  launcher: string;
  name: string;
  args: string[];
  env: Record<string, string>;
  logs: ProcessLogs;
  readyTimeoutMs?: number;
}): ServerProcess {
  const child = spawn(process.execPath, [options.launcher, ...options.args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOG_LEVEL: 'info', SMTP_INGRESS_PORT: '0', ...options.env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let standingResolve: () => void;
  const standing = new Promise<void>((resolve) => (standingResolve = resolve));
  let running = false;
  let readyResolve: () => void;
  let readyReject: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  ready.catch(() => undefined); // reported to whoever awaits `ready`
  const collect = (complete: string) => {
    output = (output + complete).slice(-20_000);
    options.logs.add(options.name, complete);
    if (complete.includes('standby: dependencies loaded')) standingResolve();
    if (!running && complete.includes('"Faxline is running"')) {
      running = true;
      readyResolve();
    }
  };
  // Whole lines only, per stream: a chunk may end in the middle of one.
  const collector = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const end = text.lastIndexOf('\n') + 1;
      partial = text.slice(end);
      collect(text.slice(0, end));
    };
  };
  child.stdout.on('data', collector());
  child.stderr.on('data', collector());
  child.stdin.on('error', () => undefined); // the process may be gone when we write
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      standingResolve();
      if (!running) readyReject(new Error(`${options.name} exited (${code ?? signal}) before it was running:\n${output}`));
      resolve({ code, signal });
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  return {
    name: options.name,
    pid: child.pid!,
    standing,
    start: () => {
      const timeoutMs = options.readyTimeoutMs ?? 90_000;
      timer = setTimeout(() => readyReject(new Error(`${options.name} was not running within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      void ready.then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      );
      child.stdin.write('go\n');
    },
    ready,
    exited,
    crash: async () => {
      signalGroup('SIGKILL');
      await exited;
    },
    stop: async () => {
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) signalGroup('SIGTERM');
      await exited;
    },
  };
}

/**
 * What a process is doing, from /proc: its state, the CPU time it has used, and the commands of its children (a
 * Ghostscript run that never ends shows here): to tell a busy process from a waiting one when work stops.
 */
export async function describeProcess(pid: number): Promise<string> {
  const statOf = async (id: string) => {
    const stat = await fs.readFile(`/proc/${id}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  };
  const own = await statOf(String(pid));
  if (!own.state) return `process ${pid} is gone`;
  const children: string[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry) || (await statOf(entry)).ppid !== pid) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    children.push(`${entry}: ${cmdline.split('\0').join(' ').slice(0, 200)}`);
  }
  return `process ${pid}: state ${own.state}, ${own.cpuTicks} CPU ticks used; children: ${children.join(' | ') || 'none'}`;
}
