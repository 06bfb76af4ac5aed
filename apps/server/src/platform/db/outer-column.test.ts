import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { outerColumn } from './outer-column';

// Two tables that both have an `id`, as an account and its numbers do.
const accounts = pgTable('accounts', { id: text('id').primaryKey() });
const faxNumbers = pgTable('fax_numbers', { id: text('id').primaryKey(), accountId: text('account_id') });

// No connection is made: the statements are only written.
const db = drizzle.mock();

describe('a column of the outer row in a subquery', () => {
  it('is named with its table in a select from one table, where Drizzle names columns alone', () => {
    const count = (outer: unknown) =>
      db
        .select({ n: sql<number>`(SELECT count(*) FROM ${faxNumbers} WHERE ${faxNumbers.accountId} = ${outer})` })
        .from(accounts)
        .toSQL().sql;
    // Alone, the outer `id` would be the subquery's own fax_numbers.id.
    expect(count(accounts.id)).toContain('"account_id" = "id"');
    expect(count(outerColumn(accounts.id))).toContain('"account_id" = "accounts"."id"');
  });
});
