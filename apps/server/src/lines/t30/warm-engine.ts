import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';

/**
 * The fax engine kept warm (docs/decisions/125): `faxmodem serve` processes that run one command after another, read
 * from their standard input (its words separated by tabs), each followed by its report lines and a closing
 * `{"event":"done","status":N}`. A sandbox call used to start four processes (both ends, the header stamp, the
 * comparison of the pages), and starting a process from a Node process of a few hundred megabytes costs more CPU than
 * the stamp and the comparison themselves.
 *
 * At most one process per core (the commands are CPU-bound); a command waits for a free one, and its time limit counts
 * from when one takes it. A process is ended and replaced after a command that failed to finish (time limit, a usage
 * error that ends it, a crash), after COMMANDS_PER_PROCESS commands (a bound on what its memory can gather), and after
 * IDLE_MS without work. Idle, it never keeps the server's process alive.
 */

/** Commands a process runs before it is replaced. */
const COMMANDS_PER_PROCESS = 500;
/** An idle process ends after this. */
const IDLE_MS = 30_000;

/** What a command wrote, and its exit status as the one-off command would have exited. */
export type EngineReply = { lines: string[]; status: number };

/** A command the engine did not finish: it ended, was killed at the time limit, or could not start. */
export class EngineError extends Error {
  override name = 'EngineError';
}

type Command = {
  words: string[];
  timeoutMs: number;
  resolve: (reply: EngineReply) => void;
  reject: (error: Error) => void;
};

class Engine {
  private readonly child: ChildProcess;
  private current: (Command & { lines: string[]; timer: NodeJS.Timeout }) | undefined;
  private stderr = '';
  commands = 0;
  ended = false;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    binary: string,
    private readonly onEnd: (engine: Engine) => void,
  ) {
    this.child = spawn(binary, ['serve'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 4000) this.stderr += chunk.toString();
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.heard(line));
    this.child.once('error', (error) => this.end(new EngineError(`The fax engine could not start: ${error.message}`)));
    this.child.once('exit', (code, signal) =>
      this.end(new EngineError(`The fax engine ended (${signal ?? `exit ${code}`}) during a command: ${this.stderr.trim()}`)),
    );
    this.child.stdin!.on('error', () => undefined); // a write to an engine that just died: its exit says why
    this.setIdle(true);
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  run(command: Command): void {
    clearTimeout(this.idleTimer);
    this.setIdle(false);
    this.stderr = '';
    const timer = setTimeout(() => {
      this.child.kill('SIGKILL');
      this.end(new EngineError(`The fax engine's command took more than ${command.timeoutMs} ms of wall time`));
    }, command.timeoutMs);
    this.current = { ...command, lines: [], timer };
    this.commands += 1;
    this.child.stdin!.write(`${command.words.join('\t')}\n`);
  }

  private heard(line: string): void {
    const command = this.current;
    if (!command) return;
    const done = /^\{"event":"done","status":(\d+)\}$/.exec(line);
    if (!done) {
      command.lines.push(line);
      return;
    }
    clearTimeout(command.timer);
    this.current = undefined;
    command.resolve({ lines: command.lines, status: Number(done[1]) });
    if (this.commands >= COMMANDS_PER_PROCESS) this.retire();
    else {
      this.setIdle(true);
      this.idleTimer = setTimeout(() => this.retire(), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** Idle, its handles do not keep the event loop alive; busy, they do (a command's caller is waiting on them). */
  private setIdle(idle: boolean): void {
    const handles = [this.child, this.child.stdout, this.child.stderr, this.child.stdin] as Array<{ ref?: () => void; unref?: () => void }>;
    for (const handle of handles) (idle ? handle.unref : handle.ref)?.call(handle);
  }

  /** Ends the process once its current command is done: the end of its input ends it. */
  private retire(): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd(this);
    this.child.stdin!.end();
  }

  private end(error: EngineError): void {
    const command = this.current;
    this.current = undefined;
    if (command) {
      clearTimeout(command.timer);
      command.reject(error);
    }
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
    this.child.kill('SIGKILL');
    this.onEnd(this);
  }
}

class EnginePool {
  private readonly engines = new Set<Engine>();
  private readonly waiting: Command[] = [];

  constructor(
    private readonly binary: string,
    private readonly size: number,
  ) {}

  run(command: Command): void {
    this.waiting.push(command);
    this.next();
  }

  private next(): void {
    while (this.waiting.length > 0) {
      let engine = [...this.engines].find((candidate) => !candidate.busy && !candidate.ended);
      if (!engine && this.engines.size < this.size) {
        engine = new Engine(this.binary, (ended) => {
          this.engines.delete(ended);
          this.next();
        });
        this.engines.add(engine);
      }
      if (!engine) return;
      const command = this.waiting.shift()!;
      const finish = () => setImmediate(() => this.next());
      engine.run({
        ...command,
        resolve: (reply) => {
          command.resolve(reply);
          finish();
        },
        reject: (error) => {
          command.reject(error);
          finish();
        },
      });
    }
  }
}

const pools = new Map<string, EnginePool>();

/**
 * Runs one faxmodem command (`call`, `compare`, `stamp`, as on its command line) on a warm engine of `binary`.
 * Resolves with what it wrote and its status; rejects with an EngineError when it did not finish.
 */
export function runOnWarmEngine(binary: string, words: string[], timeoutMs: number): Promise<EngineReply> {
  // The command is one line of words between tabs: a word holding either would be another command.
  const unfit = words.find((word) => /[\t\n\r]/.test(word) || word === '');
  if (unfit !== undefined) return Promise.reject(new EngineError(`A fax engine argument cannot be empty or hold a tab or a line break`));
  let pool = pools.get(binary);
  if (!pool) {
    pool = new EnginePool(binary, os.availableParallelism());
    pools.set(binary, pool);
  }
  const chosen = pool;
  return new Promise((resolve, reject) => chosen.run({ words, timeoutMs, resolve, reject }));
}
