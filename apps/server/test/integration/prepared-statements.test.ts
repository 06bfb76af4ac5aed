import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/accounts/schema';
import { MAX_PREPARED_PER_CONNECTION, PreparingClient } from '../../src/platform/db/preparing-client';
import { useTestDatabase } from '../support/test-database';

/**
 * The pools' connections keep their statements prepared (decision 138): PostgreSQL parses and plans a statement once
 * on a connection and runs its kept plan after. What each connection holds is in its own `pg_prepared_statements`.
 */
const database = useTestDatabase();

type Kept = { name: string; statement: string; runs: number };
/** The statements this connection keeps, with how many times each ran (custom or generic plan). */
async function keptOn(client: pg.ClientBase): Promise<Kept[]> {
  const { rows } = await client.query<Kept>(
    'SELECT name, statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements ORDER BY statement',
  );
  return rows;
}

/** Runs `work` on a connection of its own, as the pools make them, closed after it. */
async function onOneConnection(work: (client: pg.ClientBase) => Promise<void>): Promise<void> {
  const client = new PreparingClient({ connectionString: database.url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

describe("a pool's connection", () => {
  it('prepares a statement with parameters once and runs its kept plan each time after', async () => {
    await onOneConnection(async (client) => {
      const text = 'SELECT $1::int + 1 AS n';
      expect((await client.query<{ n: number }>(text, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query<{ n: number }>({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
      expect((await client.query<{ n: number }>(text, [9])).rows).toEqual([{ n: 10 }]);
      // As pg's pool calls it: a callback after the values, or after a config that carries them.
      const byCallback = (...args: [string, unknown[]] | [pg.QueryConfig]) =>
        new Promise<unknown>((resolve, reject) =>
          (client.query as (...all: unknown[]) => void)(...args, (error: Error | null, result: pg.QueryResult) =>
            error ? reject(error) : resolve(result.rows),
          ),
        );
      expect(await byCallback(text, [2])).toEqual([{ n: 3 }]);
      expect(await byCallback({ text, values: [3] })).toEqual([{ n: 4 }]);
      const kept = await keptOn(client);
      expect(kept).toEqual([{ name: expect.stringMatching(/^faxline_[0-9a-f]{32}$/), statement: text, runs: 5 }]);
    });
  });

  it('sends a statement without parameters as before: several in one text, none kept', async () => {
    await onOneConnection(async (client) => {
      const results = (await client.query('SELECT 1 AS one; SELECT 2 AS two')) as unknown as pg.QueryResult[];
      expect(results.map((result) => result.rows[0])).toEqual([{ one: 1 }, { two: 2 }]);
      expect(await keptOn(client)).toEqual([]);
    });
  });

  it("is what the database handle's pool makes: drizzle's statements are kept, inside a transaction too", async () => {
    await database.handle.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++)
        await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(sql`${accounts.name} = ${`no one ${i}`}`);
      const { rows } = await tx.execute<{ statement: string; runs: number }>(
        sql`SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements`,
      );
      expect(rows).toEqual([{ statement: expect.stringMatching(/^select "id" from "accounts" where "accounts"\."name" = \$1$/), runs: 2 }]);
    });
  });

  it('recovers from a statement that fails: after the rollback, the same text is prepared and answers', async () => {
    await onOneConnection(async (client) => {
      const text = 'SELECT $1::int AS n';
      await client.query('BEGIN');
      await expect(client.query('SELECT $1::int FROM no_such_table', [1])).rejects.toThrow(/no_such_table/);
      // The transaction is aborted: the statement is refused before PostgreSQL parses it, and nothing is kept.
      await expect(client.query(text, [1])).rejects.toThrow(/current transaction is aborted/);
      await client.query('ROLLBACK');
      expect((await client.query<{ n: number }>(text, [7])).rows).toEqual([{ n: 7 }]);
      expect((await client.query<{ n: number }>(text, [8])).rows).toEqual([{ n: 8 }]);
      expect(await keptOn(client)).toEqual([{ name: expect.any(String), statement: text, runs: 2 }]);
    });
  });

  it(`keeps ${MAX_PREPARED_PER_CONNECTION} statements at most; a text past them is sent unnamed and still answers`, async () => {
    await onOneConnection(async (client) => {
      for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION + 10; i++) {
        expect((await client.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1])).rows).toEqual([{ n: 1 + i }]);
      }
      expect(await keptOn(client)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
      // A text already kept still runs its kept plan.
      await client.query('SELECT $1::int + 0 AS n', [1]);
      expect((await keptOn(client)).find((kept) => kept.statement === 'SELECT $1::int + 0 AS n')?.runs).toBe(2);
    });
  });
});
