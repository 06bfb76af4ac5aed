import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger';
import * as schema from './schema';

/** Drizzle over the pool, or over one connection inside a transaction (see transaction.ts). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool | pg.PoolClient };
export type DatabaseHandle = { db: Database; pool: pg.Pool; ping: () => Promise<boolean>; close: () => Promise<void> };

export type PoolSettings = { poolSize: number; connectionTimeoutMs: number; statementTimeoutMs: number };

const DEFAULT_POOL: PoolSettings = { poolSize: 10, connectionTimeoutMs: 10_000, statementTimeoutMs: 30_000 };

export function connectDatabase(url: string, logger: Logger, settings: PoolSettings = DEFAULT_POOL): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.poolSize,
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    // A runaway query ends with an error instead of holding its connection forever.
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    application_name: 'faxline',
  });
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'database connection lost'));
  const db = drizzle(pool, { schema });
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
