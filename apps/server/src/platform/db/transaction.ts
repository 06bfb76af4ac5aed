import { setTimeout as delay } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client';
import { sqlStatesOf } from './errors';
import type { SqlExecutor } from './notifications';

/** A transaction that lost a deadlock or a serialization conflict changed nothing: it may simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

const isRetryable = (error: unknown) => sqlStatesOf(error).some((code) => RETRYABLE_CODES.has(code));

/**
 * Runs `work` in one transaction on one connection: `tx` for Drizzle queries and `client` for SQL that other
 * libraries write (pg-boss's job insert, NOTIFY), so that all of it commits together or not at all. When PostgreSQL
 * ends the transaction to break a deadlock (or a serialization conflict), it runs again, up to three times, after a
 * short random pause: `work` must therefore touch nothing but the database.
 */
export async function inTransaction<T>(db: Database, work: (tx: Database, client: SqlExecutor) => Promise<T>): Promise<T> {
  // Already inside one: the work joins it (and the outer transaction is the one that runs again).
  if (!(db.$client instanceof pg.Pool)) return work(db, db.$client);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(db.$client, work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await delay(attempt * (5 + Math.random() * 20));
    }
  }
}

async function runOnce<T>(pool: pg.Pool, work: (tx: Database, client: SqlExecutor) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(drizzle(client), client);
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
