import type { Logger } from '../logger';
import type { EmbeddedPostgres } from './embedded-postgres';

/**
 * `running`: PostgreSQL accepts connections (as far as we know). `recovering`: it ended and is being started again.
 * `gave-up`: it could not be started again within the tries below; the process cannot serve. `stopped`: on purpose.
 */
export type PostgresSupervision = 'running' | 'recovering' | 'gave-up' | 'stopped';

export type SupervisedPostgres = {
  url: string;
  readonly pid: number;
  state: () => PostgresSupervision;
  /** Stops PostgreSQL and does not start it again. */
  stop: () => Promise<void>;
};

/**
 * The pauses before each start in a row after PostgreSQL ended (docs/decisions/065): a single crash costs only its
 * recovery; a database that keeps failing is given about half a minute of tries, then the supervisor gives up.
 */
export const RESTART_DELAYS_MS: readonly number[] = [0, 1_000, 2_000, 4_000, 8_000, 16_000];
/** A PostgreSQL that ran this long before it ended starts a new series of tries. */
export const HEALTHY_RUN_MS = 60_000;

/**
 * Keeps the embedded PostgreSQL running: when its postmaster ends without being told to (killed, crashed, out of
 * memory), it is started again on the same folder and port, after the pause of `restartDelaysMs` for that try in a
 * row. The pools, the queue, the LISTEN connection and the worker process reconnect to the same address by themselves.
 */
export function superviseEmbeddedPostgres(
  postgres: EmbeddedPostgres,
  options: { logger: Logger; restartDelaysMs?: readonly number[]; healthyRunMs?: number },
): SupervisedPostgres {
  const logger = options.logger.child({ component: 'embedded-postgres' });
  const delays = options.restartDelaysMs ?? RESTART_DELAYS_MS;
  const healthyRunMs = options.healthyRunMs ?? HEALTHY_RUN_MS;
  let state: PostgresSupervision = 'running';
  let stopping = false;
  let triesInARow = 0;
  let upSince = Date.now();
  let recovering: Promise<void> | undefined;
  let pause: { timer: NodeJS.Timeout; resolve: () => void } | undefined;

  const pauseFor = (ms: number) =>
    new Promise<void>((resolve) => {
      pause = { timer: setTimeout(resolve, ms), resolve };
    }).finally(() => (pause = undefined));

  const watch = () => {
    const pid = postgres.pid;
    void postgres.exited().then((exit) => {
      if (!stopping) recovering = recover(pid, exit);
    });
  };

  const recover = async (pid: number, exit: { code: number | null; signal: NodeJS.Signals | null }) => {
    state = 'recovering';
    if (Date.now() - upSince >= healthyRunMs) triesInARow = 0;
    const endedAt = Date.now();
    let lastFailure: unknown;
    logger.error(
      { postmasterPid: pid, ...exit, output: postgres.output().slice(-2_000) },
      'the embedded PostgreSQL ended; starting it again',
    );
    while (!stopping) {
      if (triesInARow >= delays.length) {
        state = 'gave-up';
        // The last start's error carries what PostgreSQL printed as it refused to start.
        logger.fatal(
          { err: lastFailure, tries: triesInARow },
          'the embedded PostgreSQL could not be started again; giving up (/healthz answers 503)',
        );
        return;
      }
      await pauseFor(delays[triesInARow]!);
      triesInARow += 1;
      if (stopping) return;
      try {
        await postgres.restart();
      } catch (error) {
        lastFailure = error;
        logger.error({ err: error, try: triesInARow }, 'the embedded PostgreSQL did not start again');
        continue;
      }
      state = 'running';
      upSince = Date.now();
      logger.warn({ postmasterPid: postgres.pid, try: triesInARow, downMs: Date.now() - endedAt }, 'the embedded PostgreSQL runs again');
      watch();
      return;
    }
  };

  watch();
  return {
    url: postgres.url,
    get pid() {
      return postgres.pid;
    },
    state: () => state,
    stop: async () => {
      stopping = true;
      if (pause) {
        clearTimeout(pause.timer);
        pause.resolve();
      }
      await recovering;
      await postgres.stop();
      state = 'stopped';
    },
  };
}
