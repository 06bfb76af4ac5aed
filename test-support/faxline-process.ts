// The one way the tests and the benches start a Faxline process: a build's main.js (or the source through tsx), with
// its roles, its environment and its port, in a process group of its own; ready when /readyz answers 200 or when it
// says it is running; stopped as a service manager stops it (SIGTERM, then SIGKILL if it lingers) or killed outright.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signalIfRunning } from './process-table';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverDir = path.join(repoRoot, 'apps/server');

/** What the server logs once it has started, whatever its role (`server.ts`). */
const RUNNING_LINE = 'Faxline is running';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The server bundle and the web app to run: a private build made by `scripts/build-private.sh <name>`
 * (apps/*\/.builds/<name>), or without a name the shared one that `npm run build` makes (apps/*\/dist).
 */
export function faxlineBuild(name?: string): { server: string; webDist: string } {
  return name
    ? { server: path.join(serverDir, '.builds', name, 'main.js'), webDist: path.join(repoRoot, 'apps/web/.builds', name) }
    : { server: path.join(serverDir, 'dist/main.js'), webDist: path.join(repoRoot, 'apps/web/dist') };
}

/** A TCP port free on the loopback interface at the time of asking. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A data folder of its own; the embedded PostgreSQL runs as another user when we are root and must reach it. */
export async function tempDataDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755);
  return dir;
}

export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null };

export type StartedProcess = {
  name: string;
  pid: number;
  child: ChildProcess;
  /** What it printed (stdout and stderr), or the tail of it when `keepOutput` says how much to keep. */
  output: () => string;
  /** Resolves once the process itself has ended. */
  exited: Promise<ProcessExit>;
  /**
   * Resolves with the exit code once its output is complete: every process holding it (npm's children, say) has
   * ended too.
   */
  finished: Promise<number | null>;
  /** Signals the whole process group, like Ctrl-C (SIGINT) or a service manager (SIGTERM); a group gone is no error. */
  signal: (name: NodeJS.Signals) => void;
  /** SIGTERM to the group, then SIGKILL if it has not ended within `graceMs`: the graceful stop. */
  stop: (graceMs?: number) => Promise<void>;
  /** SIGKILL to the group: a machine or container dying. */
  kill: () => Promise<void>;
};

export type StartOptions = {
  /** Names the process in errors and in `onLine`. */
  name?: string;
  env?: Record<string, string>;
  /** On top of this process's environment (the default), or on PATH alone: then `env` is all it gets. */
  inheritEnv?: boolean;
  cwd?: string;
  /** Each whole line it prints, as it prints it (a line of a long run may be gone from a kept tail). */
  onLine?: (line: string) => void;
  /** How many characters of output to keep (the tail); all of it when not said. */
  keepOutput?: number;
  /** A pipe to its stdin, for a process that waits for a word (the standby launcher). */
  stdin?: boolean;
};

/** Starts a command in a process group of its own, as a terminal would, collecting what it prints. */
export function startProcess(command: string, args: string[], options: StartOptions = {}): StartedProcess {
  const name = options.name ?? path.basename(command);
  const base = options.inheritEnv === false ? { PATH: process.env.PATH ?? '/usr/bin:/bin' } : process.env;
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: { ...base, ...options.env },
    detached: true,
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  child.stdin?.on('error', () => undefined); // the process may be gone when we write
  let output = '';
  // Whole lines only, per stream: a chunk may end in the middle of one.
  const collector = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (options.keepOutput !== undefined && output.length > options.keepOutput) output = output.slice(-options.keepOutput);
      if (!options.onLine) return;
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      for (const line of lines) if (line.trim()) options.onLine(line.trim());
    };
  };
  child.stdout!.on('data', collector());
  child.stderr!.on('data', collector());
  const exited = new Promise<ProcessExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // 'close', not 'exit': the streams close only when every process holding them has ended.
  const finished = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (signalName: NodeJS.Signals) => signalIfRunning(-child.pid!, signalName);
  return {
    name,
    pid: child.pid!,
    child,
    output: () => output,
    exited,
    finished,
    signal,
    stop: async (graceMs = 40_000) => {
      if (!hasEnded()) signal('SIGTERM');
      const ended = await Promise.race([exited.then(() => true), delay(graceMs).then(() => false)]);
      if (!ended) signal('SIGKILL');
      await exited;
    },
    kill: async () => {
      signal('SIGKILL');
      await exited;
    },
  };
}

export type FaxlineRole = 'all' | 'api' | 'worker' | 'smtp';

export type FaxlineOptions = StartOptions & {
  /** The entry: a build's main.js (default: the shared build), or apps/server/src/main.ts, which runs through tsx. */
  server?: string;
  /** Another command that starts Faxline (`npm start`), in place of node and the entry. */
  command?: [string, ...string[]];
  /** Its `--role` (the server's default, `all`, when not said). */
  role?: FaxlineRole;
  /** More arguments after the entry. */
  args?: string[];
  /** Its HTTP port (PORT), and `url` then points at it. */
  port?: number;
  /** HOST, and the host of `url` (default: localhost, HOST left to the server). */
  host?: string;
};

export type FaxlineProcess = StartedProcess & {
  /** http://<host>:<port> when a port was given. */
  url: string | undefined;
  /** Resolves once GET /readyz answers 200; rejects if the process ends first or takes longer than `timeoutMs`. */
  untilReady: (timeoutMs?: number) => Promise<void>;
  /** Resolves once it logged that it is running (roles without HTTP too); rejects if it ends first or times out. */
  untilRunning: (timeoutMs?: number) => Promise<void>;
};

/** Starts a Faxline server process. The e-mail to fax gateway takes any free port unless `env` names one. */
export function startFaxline(options: FaxlineOptions = {}): FaxlineProcess {
  const server = options.server ?? faxlineBuild().server;
  // FAXLINE_CPU_PROFILE_DIR: each Faxline process (its worker too) writes a V8 CPU profile there when it ends, for a
  // bench's "where does the time go" (NODE_OPTIONS refuses --cpu-prof).
  const profile = process.env.FAXLINE_CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.FAXLINE_CPU_PROFILE_DIR] : [];
  const [command, ...commandArgs] = options.command ?? [
    process.execPath,
    ...profile,
    ...(server.endsWith('.ts') ? ['--import', 'tsx'] : []),
    server,
  ];
  const args = [...commandArgs, ...(options.role ? [`--role=${options.role}`] : []), ...(options.args ?? [])];
  const env: Record<string, string> = {
    SMTP_INGRESS_PORT: '0',
    ...(options.port !== undefined ? { PORT: String(options.port) } : {}),
    ...(options.host !== undefined ? { HOST: options.host } : {}),
    ...options.env,
  };
  let running = false;
  const started = startProcess(command, args, {
    ...options,
    name: options.name ?? `faxline${options.role ? ` --role=${options.role}` : ''}`,
    env,
    onLine: (line) => {
      if (line.includes(RUNNING_LINE)) running = true;
      options.onLine?.(line);
    },
  });
  const url = options.port !== undefined ? `http://${options.host ?? 'localhost'}:${options.port}` : undefined;
  const hasEnded = () => started.child.exitCode !== null || started.child.signalCode !== null;

  /** Waits for `isThere`, asked every 100 ms, until the process ends or the time runs out. */
  const until = async (what: string, isThere: () => Promise<boolean> | boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await isThere()) return;
      if (hasEnded())
        throw new Error(
          `${started.name} exited (${started.child.exitCode ?? started.child.signalCode}) before ${what}:\n${started.output()}`,
        );
      if (Date.now() > deadline) throw new Error(`${started.name}: not ${what} within ${timeoutMs} ms:\n${started.output()}`);
      await delay(100);
    }
  };
  return {
    ...started,
    url,
    untilReady: (timeoutMs = 180_000) => {
      if (!url) throw new Error(`${started.name} was started without a port: it has no /readyz to ask`);
      const ready = () =>
        fetch(`${url}/readyz`).then(
          (response) => response.status === 200,
          () => false,
        );
      return until('ready (/readyz)', ready, timeoutMs);
    },
    untilRunning: (timeoutMs = 180_000) => until('running', () => running, timeoutMs),
  };
}

/**
 * A server process kept ready, as a supervisor keeps a warm spare: it loads the server's npm dependencies (nearly all
 * of its start-up time), then runs the server itself when a line arrives on stdin. It ends if its parent goes first.
 */
const standbyLauncher = (dependencies: string[]) => `// Written by test-support/faxline-process.ts.
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

/** A server bundle: its main file, and the launcher that starts it on standby. */
export type ServerBundle = { file: string; launcher: string };

/**
 * The server bundled from the current source exactly as `npm run build` makes it (esbuild, under a second), in a
 * private build folder of its own, with the standby launcher beside it. Through the bundle a process starts in about
 * two seconds of CPU, where TypeScript through tsx takes three times that; a crash battery restarts workers many times.
 */
export async function buildServerBundle(): Promise<ServerBundle & { remove: () => Promise<void> }> {
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

export type StandbyFaxline = FaxlineProcess & {
  /** Resolves once the dependencies are loaded and the process waits for `start`. */
  standing: Promise<void>;
  /** Runs the server; `ready` tells when it is running. */
  start: () => void;
  /** Resolves once the started server logged that it is running; rejects if it ends first or takes too long. */
  ready: Promise<void>;
};

/**
 * A Faxline process on standby (see `standbyLauncher`) from `bundle`, with exactly `env` (plus PATH) at LOG_LEVEL
 * info unless `env` says otherwise: it waits, its dependencies loaded, until `start()`.
 */
export function startStandbyFaxline(bundle: ServerBundle, options: FaxlineOptions & { readyTimeoutMs?: number }): StandbyFaxline {
  let loaded = () => {};
  const standing = new Promise<void>((resolve) => (loaded = resolve));
  const faxline = startFaxline({
    keepOutput: 20_000,
    inheritEnv: false,
    ...options,
    server: bundle.launcher,
    cwd: options.cwd ?? serverDir,
    env: { LOG_LEVEL: 'info', ...options.env },
    stdin: true,
    onLine: (line) => {
      if (line.includes('standby: dependencies loaded')) loaded();
      options.onLine?.(line);
    },
  });
  void faxline.exited.then(() => loaded());
  let startReady = () => {};
  const startCalled = new Promise<void>((resolve) => (startReady = resolve));
  // Before `start`, only an early end counts: the time limit runs from `start`.
  const ready = Promise.race([
    startCalled.then(() => faxline.untilRunning(options.readyTimeoutMs ?? 90_000)),
    faxline.exited.then(({ code, signal }) => {
      throw new Error(`${faxline.name} exited (${code ?? signal}) before it was running:\n${faxline.output()}`);
    }),
  ]);
  ready.catch(() => undefined); // reported to whoever awaits `ready`
  return {
    ...faxline,
    standing,
    ready,
    start: () => {
      faxline.child.stdin!.write('go\n');
      startReady();
    },
  };
}
