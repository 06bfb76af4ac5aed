import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column of the query around a subquery, named with its table (`"accounts"."id"`). In a select from one table,
 * Drizzle writes a column that stands directly in a field's SQL by its name alone, and an unqualified `id` inside a
 * subquery is the subquery's own table's `id` wherever it has one: a correlated subquery written as a column names the
 * outer row's columns with this.
 */
export function outerColumn(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
