import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded-postgres';
import { testLogger } from './test-database';

/** Where Debian's `postgresql-15` package puts its programs (its share/ is found from there, as Debian builds it). */
export const DEBIAN_POSTGRES_DIR = '/usr/lib/postgresql/15';

/**
 * A PostgreSQL server of Debian's package, not the embedded npm build: the database a production installation runs
 *. It is set up the way Faxline sets up its embedded one (initdb in a folder of its own, a password, the
 * faxline database, loopback only), in a temporary folder that `stop` removes.
 */
export async function startDebianPostgres() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-debian-pg-'));
  await fs.chmod(root, 0o755); // PostgreSQL runs as its own user and must reach its folder
  const cluster = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), logger: testLogger, postgresDir: DEBIAN_POSTGRES_DIR });
  return {
    url: cluster.url,
    stop: async () => {
      await cluster.stop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
