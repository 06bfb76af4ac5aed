import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type DatabaseHandle = { db: Database; pool: pg.Pool; ping: () => Promise<boolean>; close: () => Promise<void> };

export function connectDatabase(url: string, logger: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
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
