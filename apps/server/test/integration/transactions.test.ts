import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/platform/db/transaction';
import { openTestApp, type TestApp } from '../support/test-app';

/** inTransaction against the real PostgreSQL: a transaction that PostgreSQL ends to break a deadlock runs again. */
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

/** A promise and the function that settles it, for two transactions to meet half-way. */
function signal() {
  let give!: () => void;
  const given = new Promise<void>((resolve) => (give = resolve));
  return { give, given };
}

describe('inTransaction', () => {
  it('runs a transaction again when PostgreSQL ends it to break a deadlock, so that both writers succeed', async () => {
    // Two transactions take two locks in opposite orders, each waiting for the other to hold its first: a real deadlock,
    // which PostgreSQL breaks (after deadlock_timeout) by ending one of them with 40P01.
    const [first, second] = [signal(), signal()];
    const runs = { a: 0, b: 0 };
    const lockBoth = (name: 'a' | 'b', mine: number, theirs: number, held: ReturnType<typeof signal>, other: ReturnType<typeof signal>) =>
      inTransaction(t.db, async (tx) => {
        runs[name] += 1;
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${mine})`);
        if (runs[name] === 1) {
          held.give();
          await other.given;
        }
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${theirs})`);
        return name;
      });
    const results = await Promise.all([lockBoth('a', 7101, 7102, first, second), lockBoth('b', 7102, 7101, second, first)]);
    expect(results).toEqual(['a', 'b']);
    // One of them lost the deadlock once and ran again.
    expect(runs.a + runs.b).toBe(3);
  }, 30_000);

  it('does not run again after other errors, and rolls back what the failed run wrote', async () => {
    await t.db.execute(sql`CREATE TABLE IF NOT EXISTS transaction_probe (n int)`);
    let runs = 0;
    const failure = inTransaction(t.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`INSERT INTO transaction_probe VALUES (1)`);
      await tx.execute(sql`SELECT 1 / 0`);
    });
    await expect(failure).rejects.toThrow();
    expect(runs).toBe(1);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM transaction_probe`);
    expect(rows[0]!.n).toBe(0);
  });
});
