import type { TSystemSettingsValues } from '@faxline/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import { defineJob } from '../job-deps';
import { clock } from '../platform/clock';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import type { Logger } from '../platform/logger';
import type { SystemSettings } from '../system-settings/system-settings';
import { openBackupStore, type BackupStore } from './backup-store';
import { backupSourcesOf, runBackup } from './run-backup';
import { backupRuns } from './schema';
import type { BackupSources } from './take-backup';

const DAY_MS = 86_400_000;
/** How long after the last automatic backup the next is due, by the platform setting automaticBackups. */
const PERIOD_DAYS = { daily: 1, weekly: 7, monthly: 30 } as const;
/** The daily job runs at about the same time each day; one that runs a little early still counts as the next day. */
const EARLY_MS = 2 * 3_600_000;

type Policy = Pick<TSystemSettingsValues, 'automaticBackups' | 'backupRetentionDays'>;

/**
 * The platform settings automaticBackups and backupRetentionDays in force (decision 110): when a backup is due by
 * the frequency, one is taken; then the automatic backups older than the retention are deleted, never the newest one
 * and never one taken by hand (`npm run backup`).
 */
export async function takeAutomaticBackup(
  deps: { db: Database; store: BackupStore; sources: () => Promise<BackupSources>; logger?: Logger },
  policy: Policy,
): Promise<{ taken: string | null; removed: string[] }> {
  if (policy.automaticBackups === 'disabled') return { taken: null, removed: [] };
  const now = clock.now();
  const since = new Date(now.getTime() - PERIOD_DAYS[policy.automaticBackups] * DAY_MS + EARLY_MS);
  const [recent] = await deps.db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(and(eq(backupRuns.kind, 'automatic'), eq(backupRuns.status, 'succeeded'), gt(backupRuns.startedAt, since)))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  let taken: string | null = null;
  if (!recent) {
    const result = await runBackup({ db: deps.db, store: deps.store, sources: await deps.sources() }, { kind: 'automatic', takenAt: now });
    taken = result.location;
    deps.logger?.info({ location: result.location, size: result.size }, 'automatic backup taken');
  }
  const cutoff = now.getTime() - policy.backupRetentionDays * DAY_MS;
  const automatic = (await deps.store.list()).filter((backup) => backup.kind === 'automatic');
  const removed: string[] = [];
  for (const backup of automatic.slice(0, -1)) {
    if (backup.takenAt.getTime() >= cutoff) continue;
    await deps.store.remove(backup.name);
    removed.push(backup.location);
  }
  return { taken, removed };
}

/** The job's work, from what a worker has: its configuration, database and copy of the settings. */
export async function automaticBackup(deps: { db: Database; config: TConfig; systemSettings: SystemSettings; logger?: Logger }) {
  const settings = await deps.systemSettings.current();
  return takeAutomaticBackup(
    {
      db: deps.db,
      store: openBackupStore(deps.config.backups),
      sources: () => backupSourcesOf(deps.config, deps.db.$client as pg.Pool),
      logger: deps.logger,
    },
    settings,
  );
}

export const automaticBackupsJob = defineJob({
  name: 'backups.automatic',
  schema: z.object({}).strict(),
  // Daily, at a quiet hour (UTC); the frequency setting decides whether a backup is due that day.
  cron: '30 2 * * *',
  queue: { retryLimit: 2, retryDelay: 600, expireInSeconds: 6 * 3600 },
  handler: async (_data, { db, config, systemSettings, logger }) => {
    await automaticBackup({ db, config, systemSettings, logger });
  },
});
