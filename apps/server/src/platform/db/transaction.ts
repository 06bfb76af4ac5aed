import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client';
import type { SqlExecutor } from './notifications';
import * as schema from './schema';

/**
 * Runs `work` in one transaction on one connection: `tx` for Drizzle queries and `client` for SQL that other
 * libraries write (pg-boss's job insert, NOTIFY), so that all of it commits together or not at all.
 */
export async function inTransaction<T>(db: Database, work: (tx: Database, client: SqlExecutor) => Promise<T>): Promise<T> {
  // Already inside one: the work joins it.
  if (!(db.$client instanceof pg.Pool)) return work(db, db.$client);
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(drizzle(client, { schema }), client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    // A connection that could not even roll back is closed rather than handed to the next request.
    client.release(broken);
  }
}
