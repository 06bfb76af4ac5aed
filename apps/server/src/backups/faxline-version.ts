import { readFileSync } from 'node:fs';
import { serverPath } from '../platform/server-root';

type Journal = { entries: { when: number; tag: string }[] };
const journal = (): Journal => JSON.parse(readFileSync(serverPath('drizzle', 'meta', '_journal.json'), 'utf8')) as Journal;

/** The server package's version, as a backup records it. */
export function faxlineVersion(): string {
  return (JSON.parse(readFileSync(serverPath('package.json'), 'utf8')) as { version: string }).version;
}

/** This code's last migration: a backup restores only into the same one, whose tables its dump fills. */
export function lastMigrationOfThisCode(): string {
  return journal().entries.at(-1)!.tag;
}

/** The tag of the migration drizzle recorded with this time (`created_at` is the journal's `when`), or null. */
export function migrationTagOf(createdAt: number): string | null {
  return journal().entries.find((entry) => entry.when === createdAt)?.tag ?? null;
}
