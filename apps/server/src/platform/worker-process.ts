import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { Logger } from './logger';

export type WorkerProcessOptions = {
  /** The server's entry file (this bundle's main.js, or main.ts under tsx). */
  entry: string;
  /** The database this process uses (the embedded one's address when it started it). */
  databaseUrl: string;
  /** The worker's CPU priority, 0 (the web's) to 19 (lowest). */
  niceness: number;
  /** How long a stop waits for the worker to finish its jobs before it is killed. */
  stopTimeoutMs: number;
  /** Whether the database answers: a worker is not started while it does not, as it could only fail to start. */
  databaseAnswers?: () => Promise<boolean>;
  logger: Logger;
};

export type WorkerProcess = {
  /** Stops the worker (SIGTERM, then SIGKILL after the time limit) and does not start it again. */
  stop: () => Promise<void>;
};

/** A worker that ran this long before it ended waits the first pause again; one that ends sooner waits longer each time. */
const HEALTHY_RUN_MS = 60_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const LONGEST_RESTART_DELAY_MS = 30_000;
/** How often a worker waiting to be started asks whether the database is back. */
const DATABASE_RETRY_MS = 500;

/**
 * The job worker of `--role=all`, in a process of its own at a lower CPU priority (docs/decisions/037): rendering and
 * dialling never hold a web request up, and idle cores still go to the worker. It is kept running: a worker that ends
 * (or is killed) is started again, soon or, if it keeps ending, after a growing pause; a killed worker's jobs are taken
 * up again (decision 028). It stops itself when this process goes, even by `kill -9` (its IPC channel closes).
 */
export function startWorkerProcess(options: WorkerProcessOptions): WorkerProcess {
  const logger = options.logger.child({ component: 'worker-process' });
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let restartDelay = FIRST_RESTART_DELAY_MS;

  const start = () => {
    const startedAt = Date.now();
    const worker = spawn(process.execPath, [...inheritedNodeFlags(), options.entry, '--role=worker'], {
      // The worker reads the same settings as this process, plus where the database is.
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, DATABASE_URL: options.databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // A process group of its own: a Ctrl-C at the terminal reaches this process, which stops the worker in order.
      detached: true,
    });
    child = worker;
    if (worker.pid !== undefined) {
      try {
        os.setPriority(worker.pid, options.niceness);
      } catch (error) {
        logger.warn({ err: error }, 'could not lower the worker process priority');
      }
    }
    worker.on('error', (error) => logger.error({ err: error }, 'the worker process could not be started'));
    worker.once('exit', (code, signal) => void restartAfter(worker, startedAt, code, signal));
  };

  /**
   * A worker that ended is started again after a pause that grows while it keeps ending soon after its start. One that
   * ended because the database went away is not at fault: it is started once the database answers, after the first
   * pause, however often that happens.
   */
  const restartAfter = async (worker: ChildProcess, startedAt: number, code: number | null, signal: NodeJS.Signals | null) => {
    if (child === worker) child = undefined;
    if (stopping) return;
    const ranMs = Date.now() - startedAt;
    const databaseAway = options.databaseAnswers ? !(await options.databaseAnswers()) : false;
    if (stopping) return;
    if (ranMs >= HEALTHY_RUN_MS || databaseAway) restartDelay = FIRST_RESTART_DELAY_MS;
    logger.error({ code, signal, ranMs, restartInMs: restartDelay, databaseAway }, 'the worker process ended; starting it again');
    restartTimer = setTimeout(() => void startOnceDatabaseAnswers(), restartDelay);
    if (!databaseAway) restartDelay = Math.min(restartDelay * 2, LONGEST_RESTART_DELAY_MS);
  };

  const startOnceDatabaseAnswers = async () => {
    if (stopping) return;
    if (options.databaseAnswers && !(await options.databaseAnswers())) {
      if (!stopping) restartTimer = setTimeout(() => void startOnceDatabaseAnswers(), DATABASE_RETRY_MS);
      return;
    }
    if (!stopping) start();
  };
  start();

  return {
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      const worker = child;
      if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.kill('SIGTERM');
      const timer = setTimeout(() => {
        logger.warn('the worker process did not stop in time; killing it');
        killGroup(worker, 'SIGKILL');
      }, options.stopTimeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Node's own flags of this process (a loader such as tsx), without a debugger's port that the worker cannot share. */
function inheritedNodeFlags(): string[] {
  return process.execArgv.filter((flag) => !/^--inspect(-brk|-port)?(=|$)/.test(flag));
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
}
