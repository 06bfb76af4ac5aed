import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { boxedCommandLine, ConverterError, killGroup, spawnBoxed, type ConverterLimits } from '../convert/converter-box';

/**
 * Long-lived Ghostscript processes that render one document after another (docs/decisions/124): starting Ghostscript
 * costs about 45 ms of CPU, as much as rendering seven fax pages, and a one-page fax paid it every time.
 *
 * Each process is in the converters' box (decision 022) as a one-off run is: its own process group, prlimit, no
 * network, no server environment, niceness 10, -dSAFER, and a private folder, the only one it may read or write
 * (--permit-file-read/--permit-file-write). It holds one document at a time: the job's PDF is written into that folder,
 * Ghostscript is told on its standard input to run it into a TIFF there, says on its standard output when it is done,
 * and both files are removed before the next job. A process is ended and replaced:
 * - after a failed job, a job over its time or CPU limit (the whole group is killed), or any output it was not asked for;
 * - after JOBS_PER_PROCESS jobs, or once it has used half of its lifetime's CPU limit (so that no long run of small jobs
 *   adds up to a kill in the middle of one);
 * - after IDLE_MS without work, so that an idle server keeps no renderer.
 * Processes are kept per set of arguments (device, resolution, page size) and limits; at most one per core each.
 */

/** Jobs a process renders before it is replaced: a bound on what one process's memory can gather over time. */
const JOBS_PER_PROCESS = 200;
/** An idle process ends after this. */
const IDLE_MS = 30_000;
/** The job's CPU time is looked at this often (a long-lived process cannot have a per-job CPU rlimit). */
const CPU_CHECK_MS = 250;
/** A process's CPU limit over its life, in jobs' CPU limits: reached only by a job the CPU check failed to stop. */
const LIFETIME_CPU_JOBS = 4;
/** /proc counts CPU time in clock ticks of 1/100 s on Linux (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** What a job renders: the whole document, or a range of its pages (1-based, inclusive). */
export type PageRange = { first: number; last: number };

type Job = {
  token: string;
  resolve: (failed: boolean) => void;
  reject: (error: unknown) => void;
};

/** A PostScript string literal of a path (the folder is ours: no newline, but parentheses and backslashes are escaped). */
const postScriptString = (text: string) => `(${text.replace(/[\\()]/g, '\\$&')})`;

class WarmGhostscript {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'faxline-gs-'));
  private readonly child: ChildProcess;
  private job: Job | undefined;
  private output = '';
  jobs = 0;
  ended = false;
  idleTimer: NodeJS.Timeout | undefined;

  constructor(
    args: string[],
    readonly limits: ConverterLimits,
    private readonly onEnd: (renderer: WarmGhostscript) => void,
  ) {
    const lifetime = { ...limits, cpuSeconds: limits.cpuSeconds * LIFETIME_CPU_JOBS };
    const [program, programArgs] = boxedCommandLine(
      'gs',
      [
        '-q',
        '-dNOPAUSE',
        // Its interactive executive, with no prompt: it runs each line of its input as it comes (a file given as '-' is
        // read whole, to its end, before any of it runs), and ends at the end of its input.
        '-dNOPROMPT',
        '-dSAFER',
        `--permit-file-read=${this.dir}/`,
        `--permit-file-write=${this.dir}/`,
        ...args,
        `-sOutputFile=${path.join(this.dir, 'idle.tif')}`,
      ],
      lifetime,
    );
    this.child = spawnBoxed(program, programArgs, this.dir, 'pipe');
    // Idle, never what keeps the server's process alive (when that ends, Ghostscript reads the end of its input and
    // ends too); busy, it does, as any work under way.
    this.hold(false);
    this.child.stdin!.on('error', () => {});
    this.child.stdout!.on('data', (chunk: Buffer) => this.read(chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000)));
    this.child.on('error', (error) => this.end(new ConverterError(`gs could not start: ${error.message}`)));
    this.child.on('close', (code, signal) => {
      const why =
        signal === 'SIGXCPU'
          ? new ConverterError(`gs used more than ${this.limits.cpuSeconds} s of CPU time`, 'cpu')
          : signal === 'SIGXFSZ'
            ? new ConverterError('gs wrote a file over its size limit', 'output')
            : new ConverterError(`gs failed (${code ?? signal}): ${this.output.slice(-2_000)}`);
      this.end(why);
    });
  }

  /** Whether the process and its pipes keep the event loop alive. */
  private hold(busy: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as unknown as Array<{
      ref?: () => void;
      unref?: () => void;
    }>)
      if (busy) handle?.ref?.();
      else handle?.unref?.();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** CPU seconds the process has used so far; undefined once it is gone. */
  cpuSeconds(): number | undefined {
    try {
      const stat = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      return undefined;
    }
  }

  /** Whether it should take another job or be replaced first. */
  get worn(): boolean {
    return (
      this.ended || this.jobs >= JOBS_PER_PROCESS || (this.cpuSeconds() ?? Infinity) > (this.limits.cpuSeconds * LIFETIME_CPU_JOBS) / 2
    );
  }

  private read(text: string): void {
    this.output = (this.output + text).slice(-20_000);
    const job = this.job;
    if (!job) return;
    const match = this.output.match(new RegExp(`${job.token} (done|failed)\\n`));
    if (!match) return;
    this.job = undefined;
    // What the document made Ghostscript print before its end: kept for the error message of a failed job.
    const printed = this.output.slice(0, match.index).trim();
    this.output = printed;
    job.resolve(match[1] === 'failed');
  }

  /**
   * Renders `pdf` (all pages, or a range) into a TIFF with the process's device; undefined when Ghostscript wrote no
   * image (a document without a page it could draw). Rejects with a ConverterError when it failed or was stopped.
   */
  async render(pdf: Uint8Array, range?: PageRange): Promise<Uint8Array | undefined> {
    if (this.ended) throw new ConverterError('gs ended before the job');
    this.jobs += 1;
    clearTimeout(this.idleTimer);
    const input = path.join(this.dir, 'job.pdf');
    const output = path.join(this.dir, 'job.tif');
    await fs.writeFile(input, pdf);
    // Ended while the file was written (it had no job to fail then): this job is not sent to it.
    if (this.ended) throw new ConverterError('gs ended before the job');
    const token = `faxline-${randomBytes(8).toString('hex')}`;
    // FirstPage and LastPage are looked up where they are defined, so a dictionary of the job's own gives the range.
    const pages = range ? `/FirstPage ${range.first} /LastPage ${range.last}` : '';
    // The output file is switched to the job's, then away from it (which closes the TIFF), all inside `stopped`: an
    // error in the document is reported on standard output, and the process is then replaced (its state is unknown).
    const command =
      `{ << /OutputFile ${postScriptString(output)} >> setpagedevice << ${pages} >> begin ${postScriptString(input)} run end ` +
      `<< /OutputFile ${postScriptString(path.join(this.dir, 'idle.tif'))} >> setpagedevice } stopped ` +
      `{ (\\n${token} failed\\n) } { (\\n${token} done\\n) } ifelse print flush\n`;
    this.output = '';
    this.hold(true);
    const cpuAtStart = this.cpuSeconds() ?? 0;
    let stopped: ConverterError | undefined;
    const stop = (error: ConverterError) => {
      stopped = error;
      this.kill();
    };
    const timer = setTimeout(
      () => stop(new ConverterError(`gs took longer than ${this.limits.timeoutSeconds} s`, 'time')),
      this.limits.timeoutSeconds * 1000,
    );
    const cpuCheck = setInterval(() => {
      const used = (this.cpuSeconds() ?? cpuAtStart) - cpuAtStart;
      if (used > this.limits.cpuSeconds) stop(new ConverterError(`gs used more than ${this.limits.cpuSeconds} s of CPU time`, 'cpu'));
    }, CPU_CHECK_MS);
    timer.unref();
    cpuCheck.unref();
    try {
      const failed = await new Promise<boolean>((resolve, reject) => {
        this.job = { token, resolve, reject };
        this.child.stdin!.write(command);
      }).catch((error: unknown) => {
        throw stopped ?? error;
      });
      if (failed) {
        this.kill();
        throw new ConverterError(`gs failed: ${this.output.slice(-2_000)}`);
      }
      // Nothing is printed by a document that renders as it should (-q); anything else, and the process is replaced.
      if (this.output !== '') this.kill();
      return await fs.readFile(output).then(
        (bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        () => undefined,
      );
    } finally {
      this.hold(false);
      clearTimeout(timer);
      clearInterval(cpuCheck);
      await Promise.all([fs.rm(input, { force: true }), fs.rm(output, { force: true })]);
    }
  }

  kill(): void {
    killGroup(this.child.pid);
    this.end(new ConverterError('gs was stopped'));
  }

  /** Ended (by itself or killed): the job under way, if any, fails; its folder goes; the pool forgets it. */
  private end(error: ConverterError): void {
    const job = this.job;
    this.job = undefined;
    job?.reject(error);
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
    killGroup(this.child.pid);
    this.child.stdin!.destroy();
    rmSync(this.dir, { recursive: true, force: true });
    this.onEnd(this);
  }
}

/** The processes of one set of arguments and limits: idle ones, all of them, and the jobs waiting for one. */
type Pool = { idle: WarmGhostscript[]; all: Set<WarmGhostscript>; waiting: Array<(renderer: WarmGhostscript) => void> };

const pools = new Map<string, Pool>();
const maxProcesses = () => os.availableParallelism();

function poolOf(args: string[], limits: ConverterLimits): { pool: Pool; start: () => WarmGhostscript } {
  const key = JSON.stringify([args, limits]);
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = { idle: [], all: new Set(), waiting: [] }));
  const own = pool;
  const start = () => {
    const renderer = new WarmGhostscript(args, limits, (ended) => {
      own.all.delete(ended);
      own.idle = own.idle.filter((other) => other !== ended);
      // A job waiting for a renderer gets a new one in place of the one that ended.
      const next = own.waiting.shift();
      if (next) next(start());
    });
    own.all.add(renderer);
    return renderer;
  };
  return { pool: own, start };
}

/** An idle renderer of the pool, a new one if there is room, or the next one to be free. */
function take(args: string[], limits: ConverterLimits): Promise<{ renderer: WarmGhostscript; release: () => void }> {
  const { pool, start } = poolOf(args, limits);
  const release = (renderer: WarmGhostscript) => () => {
    if (renderer.worn) {
      renderer.kill();
      return;
    }
    const next = pool.waiting.shift();
    if (next) return next(renderer);
    pool.idle.push(renderer);
    renderer.idleTimer = setTimeout(() => renderer.kill(), IDLE_MS);
    renderer.idleTimer.unref();
  };
  for (let renderer = pool.idle.pop(); renderer; renderer = pool.idle.pop()) {
    clearTimeout(renderer.idleTimer);
    if (!renderer.worn) return Promise.resolve({ renderer, release: release(renderer) });
    renderer.kill();
  }
  if (pool.all.size < maxProcesses()) {
    const renderer = start();
    return Promise.resolve({ renderer, release: release(renderer) });
  }
  return new Promise((resolve) => pool.waiting.push((renderer) => resolve({ renderer, release: release(renderer) })));
}

/** How many processes of these arguments are idle right now (a long document is split among them). */
export function idleWarmGhostscripts(args: string[], limits: ConverterLimits): number {
  const { pool } = poolOf(args, limits);
  return pool.idle.length + Math.max(0, maxProcesses() - pool.all.size);
}

/** Renders a PDF (or a range of its pages) with a warm Ghostscript started with `args` (device and page settings). */
export async function renderWithWarmGhostscript(
  args: string[],
  limits: ConverterLimits,
  pdf: Uint8Array,
  range?: PageRange,
): Promise<Uint8Array | undefined> {
  const { renderer, release } = await take(args, limits);
  try {
    return await renderer.render(pdf, range);
  } finally {
    release();
  }
}

/** Ends every warm Ghostscript (a stopping process, a test file's end). */
export function closeWarmGhostscripts(): void {
  for (const pool of pools.values()) for (const renderer of [...pool.all]) renderer.kill();
  pools.clear();
}
