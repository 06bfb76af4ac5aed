import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';

/**
 * The box every external converter (Ghostscript, LibreOffice) runs in, because it reads documents written by strangers
 * (docs/decisions/022):
 * - its own process group, killed whole: LibreOffice's real converter (`soffice.bin`) is a grandchild of `soffice`,
 *   and killing the wrapper alone left it running;
 * - hard limits set by `prlimit` before it starts: memory (address space), CPU time, open files, size of any file it
 *   writes; a wall-clock limit kept here;
 * - no network (a network namespace of its own, from `unshare`), and a private folder as its home and temporary folder;
 * - an environment of its own: the server's secrets are not passed on;
 * - a lower priority than the web requests (niceness 10 of 19: idle cores still go to it).
 */
export type ConverterLimits = {
  memoryMB: number;
  cpuSeconds: number;
  timeoutSeconds: number;
};

export const DEFAULT_CONVERTER_LIMITS: ConverterLimits = { memoryMB: 1024, cpuSeconds: 120, timeoutSeconds: 90 };

/** Fixed limits: far above what a real conversion uses, low enough that a runaway one cannot fill the disk. */
const MAX_OPEN_FILES = 256;
const MAX_OUTPUT_FILE_MB = 512;
const CONVERTER_NICENESS = 10;

/** Why a converter was stopped by its box; `undefined` when it failed on its own (which a memory limit looks like). */
export type LimitReached = 'time' | 'cpu' | 'output';

export class ConverterError extends Error {
  override name = 'ConverterError';
  constructor(
    message: string,
    readonly limit?: LimitReached,
  ) {
    super(message);
  }
}

let isolation: string[] | undefined;

/**
 * How to take the network away here, found once: as root a network namespace needs nothing more; as another user it
 * needs a user namespace too (`-r`). Where neither works (a kernel without namespaces), converters still run, with the
 * other limits, and the server says so once on its error output.
 */
function networkIsolation(): string[] {
  if (isolation) return isolation;
  for (const prefix of [
    ['unshare', '--net'],
    ['unshare', '--map-root-user', '--net'],
  ]) {
    if (spawnSync(prefix[0]!, [...prefix.slice(1), 'true'], { stdio: 'ignore' }).status === 0) return (isolation = prefix);
  }
  process.emitWarning('converters run without network isolation: unshare cannot create a network namespace here', 'FaxlineWarning');
  return (isolation = []);
}

/** The command line that starts `command` inside its limits: prlimit, then unshare, each replacing itself (exec). */
export function boxedCommandLine(command: string, args: string[], limits: ConverterLimits): [string, string[]] {
  return [
    'prlimit',
    [
      `--as=${limits.memoryMB * 1024 * 1024}`,
      `--cpu=${limits.cpuSeconds}`,
      `--nofile=${MAX_OPEN_FILES}`,
      `--fsize=${MAX_OUTPUT_FILE_MB * 1024 * 1024}`,
      '--',
      ...networkIsolation(),
      command,
      ...args,
    ],
  ];
}

export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Nobody left in the group.
  }
}

/**
 * Starts a boxed command line (boxedCommandLine) as the box wants it: a session and process group of its own, so that
 * the whole group can be killed; the private folder as working folder, home and temporary folder; an environment of its
 * own; a lower priority. Also used by the long-lived Ghostscript of fax-image/warm-ghostscript.ts.
 */
export function spawnBoxed(program: string, args: string[], workDir: string, stdin: 'pipe' | 'ignore'): ChildProcess {
  const child = spawn(program, args, {
    stdio: [stdin, 'pipe', 'pipe'],
    detached: true,
    cwd: workDir,
    // PATH is where the converters are found, not a setting of ours: passed on as the server has it.
    // eslint-disable-next-line no-restricted-properties
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: workDir, TMPDIR: workDir },
  });
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, CONVERTER_NICENESS);
    } catch {
      // Gone already (it failed to start or ended at once): its 'error' or 'close' event tells.
    }
  }
  return child;
}

/**
 * Runs a converter in its box; resolves with its output, rejects with a ConverterError saying what it printed or
 * which limit stopped it. Whatever happens, no process of its group outlives the call.
 * With `input`, the program starts at once and gets the bytes on its standard input when they are ready, so that its
 * own start-up overlaps the work that makes them; the time limit counts from then. If `input` fails, the program is
 * killed and the call rejects with that failure.
 */
export function runConverter(
  command: string,
  args: string[],
  options: { limits: ConverterLimits; workDir: string; input?: Promise<Uint8Array> },
): Promise<string> {
  const [program, programArgs] = boxedCommandLine(command, args, options.limits);
  return new Promise((resolve, reject) => {
    const child = spawnBoxed(program, programArgs, options.workDir, options.input ? 'pipe' : 'ignore');
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    let inputError: unknown;
    let ended = false;
    const startClock = () => {
      if (ended) return;
      timer = setTimeout(() => {
        timedOut = true;
        killGroup(child.pid);
      }, options.limits.timeoutSeconds * 1000);
    };
    child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    if (options.input) {
      // A program that exits without reading all of it makes the pipe fail (EPIPE): its exit status tells why.
      child.stdin!.on('error', () => {});
      options.input.then(
        (bytes) => {
          startClock();
          child.stdin!.end(bytes);
        },
        (error: unknown) => {
          inputError = error ?? new Error('input failed');
          killGroup(child.pid);
        },
      );
    } else startClock();
    // The program itself has ended: anything it started and left behind goes with it.
    child.on('exit', () => killGroup(child.pid));
    child.on('error', (error) => {
      ended = true;
      clearTimeout(timer);
      reject(new ConverterError(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      ended = true;
      clearTimeout(timer);
      killGroup(child.pid);
      if (inputError !== undefined) reject(inputError);
      else if (code === 0) resolve(output);
      else if (timedOut) reject(new ConverterError(`${command} took longer than ${options.limits.timeoutSeconds} s`, 'time'));
      else if (signal === 'SIGXCPU' || signal === 'SIGKILL')
        reject(new ConverterError(`${command} used more than ${options.limits.cpuSeconds} s of CPU time`, 'cpu'));
      else if (signal === 'SIGXFSZ') reject(new ConverterError(`${command} wrote a file over ${MAX_OUTPUT_FILE_MB} MB`, 'output'));
      else reject(new ConverterError(`${command} failed (${code ?? signal}): ${output}`));
    });
  });
}
