import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { environmentCarriers } from './lines/carriers/environment-carriers';
import { ConfigError, loadConfig, type TConfig } from './platform/config';
import { DataDirInUseError, DataDirUnusableError } from './platform/db/embedded-postgres';
import { createLogger } from './platform/logger';
import { ROLES, startServer, type Role } from './server';

// The process entry point: configuration, start, and a graceful stop on SIGTERM or SIGINT.

function readRole(): Role {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } }, strict: true });
  if (!(ROLES as readonly string[]).includes(values.role)) {
    throw new ConfigError(`Invalid configuration:\n  --role: expected one of ${ROLES.join(', ')}, got ${JSON.stringify(values.role)}`);
  }
  return values.role as Role;
}

function readSettings(): { config: TConfig; role: Role } {
  try {
    const config = loadConfig();
    // lines/ reads the carrier settings into carriers whenever it needs them; one given in part stops the start here.
    environmentCarriers(config);
    return { config, role: readRole() };
  } catch (error) {
    // Said plainly on stderr, no stack: the person starting the server has a setting to fix.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

const { config, role } = readSettings();

const logger = createLogger(config);
let running: Awaited<ReturnType<typeof startServer>> | undefined;

async function shutdown(reason: string, exitCode: number): Promise<never> {
  logger.info({ reason }, 'shutting down');
  const timer = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  timer.unref();
  await running?.stop();
  logger.info('stopped');
  logger.flush();
  process.exit(exitCode);
}

// `on`, not `once`: a second signal (a supervisor or tsx watch relaying Ctrl-C) must not kill the process half-way
// through stopping its database; shutdown has its own time limit.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void shutdown(signal, 0);
  });
}
// A worker started by an `all` process (decision 037) stops when that process goes, however it went.
if (process.send) {
  const parentGone = () => {
    if (stopping) return;
    stopping = true;
    void shutdown('the process that started this worker is gone', 0);
  };
  process.channel?.unref();
  process.on('disconnect', parentGone);
  // Gone while this process was still loading its modules: the channel closed before anyone listened.
  if (!process.connected) parentGone();
}
process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'uncaught exception');
  void shutdown('uncaughtException', 1);
});
process.on('unhandledRejection', (error) => {
  logger.fatal({ err: error }, 'unhandled rejection');
  void shutdown('unhandledRejection', 1);
});

try {
  // `all` runs the job worker as a process of its own, started from this same file.
  running = await startServer(config, logger, role, { workerEntry: fileURLToPath(import.meta.url) });
} catch (error) {
  if (error instanceof DataDirInUseError || error instanceof DataDirUnusableError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    logger.fatal({ err: error }, 'Faxline could not start');
  }
  logger.flush();
  process.exit(1);
}
