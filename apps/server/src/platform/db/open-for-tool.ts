import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TConfig } from '../config';
import type { Logger } from '../logger';
import { readOrCreateLocalSecret } from '../local-secret';
import { DataDirInUseError, startEmbeddedPostgres } from './embedded-postgres';

/**
 * The database for a command-line tool (`npm run admin:create`): DATABASE_URL; or the embedded PostgreSQL of a server
 * that is running on DATA_DIR (its port is in postmaster.pid); or, when none runs, the embedded one started for the
 * tool's duration.
 */
export async function openDatabaseForTool(config: TConfig, logger: Logger): Promise<{ url: string; close: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => undefined };
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: config.pgDataDir, logger });
    return { url: embedded.url, close: embedded.stop };
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    // postmaster.pid: line 4 is the port the running server listens on.
    const port = (await readFile(path.join(config.pgDataDir, 'postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
    const password = await readOrCreateLocalSecret(`${config.pgDataDir}.password`);
    return { url: `postgres://faxline:${encodeURIComponent(password)}@127.0.0.1:${port}/faxline`, close: async () => undefined };
  }
}
