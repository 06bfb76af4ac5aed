import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger';
import { PreparingClient } from './preparing-client';

/**
 * Drizzle over the pool, or over one connection inside a transaction (see transaction.ts). It is given no table index:
 * queries name their tables, imported from the capability that owns each, so the ground floor knows none of them.
 */
export type Database = NodePgDatabase & { $client: pg.Pool | pg.PoolClient };
export type DatabaseHandle = { db: Database; pool: pg.Pool; ping: () => Promise<boolean>; close: () => Promise<void> };

export type PoolSettings = { poolSize: number; connectionTimeoutMs: number; statementTimeoutMs: number };

const DEFAULT_POOL: PoolSettings = { poolSize: 10, connectionTimeoutMs: 10_000, statementTimeoutMs: 30_000 };

export function connectDatabase(url: string, logger: Logger, settings: PoolSettings = DEFAULT_POOL): DatabaseHandle {
  const pool = openPool(
    {
      connectionString: url,
      max: settings.poolSize,
      connectionTimeoutMillis: settings.connectionTimeoutMs,
      // A runaway query ends with an error instead of holding its connection forever.
      ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
      application_name: 'faxline',
    },
    logger,
    'database connection lost',
  );
  const db = drizzle(pool);
  return {
    db,
    pool,
    ping: async () => {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/**
 * A pool of Faxline's: its connections keep their statements prepared (decision 138), and one lost while the
 * database restarts is reported as `lost` says and dropped, never a crash.
 */
export function openPool(config: Omit<pg.PoolConfig, 'Client'>, logger: Logger, lost: string): pg.Pool {
  const pool = new pg.Pool({ ...config, Client: PreparingClient });
  survivesLostConnections(pool, logger, lost);
  return pool;
}

/**
 * A connection lost while the database restarts must not crash the process. pg reports the loss as an 'error' event:
 * on the pool for an idle connection, but on the connection itself while it is checked out and between queries (a
 * transaction waiting on other work, a job holding an advisory lock), where no one listens unless told to: an
 * unheard 'error' event is an uncaught exception. The connection is dropped from the pool at its release.
 */
function survivesLostConnections(pool: pg.Pool, logger: Logger, message: string): void {
  const report = (error: Error) => logger.warn({ err: error }, message);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}
