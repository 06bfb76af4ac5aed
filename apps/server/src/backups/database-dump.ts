import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { encryptFile } from '../platform/files/file-format';
import type { BackupFolder } from './backup-folder';
import type { TBackupManifest, TTableDump } from './backup-manifest';
import { migrationTagOf } from './faxline-version';

/**
 * The database's rows as they were at one instant, without pg_dump (decision 110: the embedded server is PostgreSQL 17
 * and the only pg_dump Debian 12 ships is 15, which refuses a newer server). One REPEATABLE READ, READ ONLY
 * transaction sees a single snapshot while each table is written with COPY ... TO STDOUT, so rows that refer to one
 * another are all there or none: a fax and its files, a job and the fax it is for. The schema is not dumped: it is
 * Faxline's own migrations, which the restore runs first (the same version is required).
 */

/** The schemas that hold data: Faxline's tables and pg-boss's jobs. drizzle's own is rebuilt by the migrations. */
const DATA_SCHEMAS = ['public', 'pgboss'];

export type DatabaseDump = Pick<TBackupManifest, 'migration'> & { database: TBackupManifest['database'] };

export async function dumpDatabase(client: pg.ClientBase, folder: BackupFolder, masterKey: Buffer): Promise<DatabaseDump> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    // A large table takes longer than the pool's limit on one statement, which is for requests.
    await client.query('SET LOCAL statement_timeout = 0');
    const migrated = await client.query<{ created_at: string }>(
      'SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const migration = migrated.rows[0] ? migrationTagOf(Number(migrated.rows[0].created_at)) : null;
    if (!migration) throw new Error('The database has no migration this code knows: is it a Faxline database of this version?');
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;

    const tables: TTableDump[] = [];
    for (const { schema, table, relkind } of await dataTables(client)) {
      const columns = await columnsOf(client, schema, table);
      const name = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`;
      const list = columns.map((column) => client.escapeIdentifier(column)).join(', ');
      // A partitioned table (pg-boss's jobs) is read through a query: COPY reads only plain tables by name.
      const sql = relkind === 'p' ? `COPY (SELECT ${list} FROM ${name}) TO STDOUT` : `COPY ${name} (${list}) TO STDOUT`;
      const stream = client.query(copyTo(sql));
      const piece = await folder.write(`database/${schema}.${table}.copy`, encryptFile(masterKey, stream).chunks);
      tables.push({ ...piece, schema, table, columns, rows: stream.rowCount });
    }

    const sequences = await client.query<{ schema: string; name: string; last_value: string | null }>(
      `SELECT schemaname AS schema, sequencename AS name, last_value::text FROM pg_sequences
        WHERE schemaname = ANY($1) ORDER BY 1, 2`,
      [DATA_SCHEMAS],
    );
    const queues = await client.query<{ name: string; options: Record<string, unknown> }>(
      `SELECT name, json_strip_nulls(json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay,
          'retryBackoff', retry_backoff, 'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes,
          'deadLetter', dead_letter)) AS options
         FROM pgboss.queue ORDER BY name`,
    );
    return {
      migration,
      database: {
        postgresVersion: version,
        tables,
        sequences: sequences.rows.map((row) => ({ schema: row.schema, name: row.name, lastValue: row.last_value })),
        queues: queues.rows,
      },
    };
  } finally {
    await client.query('ROLLBACK');
  }
}

/**
 * Every table that holds rows of its own: plain tables and partitioned ones (a partition's rows are its parent's).
 * pg-boss's list of queues is left out: each queue is made again through pg-boss, which makes its partition with it.
 */
async function dataTables(client: pg.ClientBase) {
  const result = await client.query<{ schema: string; table: string; relkind: 'r' | 'p' }>(
    `SELECT n.nspname AS schema, c.relname AS table, c.relkind::text AS relkind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT (n.nspname = 'pgboss' AND c.relname = 'queue')
      ORDER BY 1, 2`,
    [DATA_SCHEMAS],
  );
  return result.rows;
}

/** The stored columns, in order; generated ones are computed again when the rows are loaded. */
export async function columnsOf(client: pg.ClientBase, schema: string, table: string): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = (quote_ident($1) || '.' || quote_ident($2))::regclass
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [schema, table],
  );
  return result.rows.map((row) => row.name);
}

export { DATA_SCHEMAS };
