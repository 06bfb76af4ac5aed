import { RETENTION_RUN_UTC } from '@faxline/shared';
import { countFaxesKeepingContent, faxesKeepingContent } from '../faxes/fax-content';
import { clock } from '../platform/clock';
import { clearFaxContent, type ClearDeps } from './clear-content';
import { accountsWithPeriods } from './policy';
import { periodScopesOf } from './retention-scopes';

/** Faxes cleared per query: a run over millions never holds more than this many ids. */
const BATCH = 100;

/** The daily run's schedule (UTC), made from its one home in the shared constants. */
export const RETENTION_CRON = `${RETENTION_RUN_UTC.minute} ${RETENTION_RUN_UTC.hour} * * *`;

/** The first daily run after `now`. */
export function nextRunAfter(now: Date): Date {
  const today = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RETENTION_RUN_UTC.hour, RETENTION_RUN_UTC.minute),
  );
  return today > now ? today : new Date(today.getTime() + 24 * 60 * 60 * 1000);
}

/**
 * The daily run (decision 108): for every account with a period, deletes the content of the faxes older than it, a
 * batch at a time, leaving held ones. Read against `clock.now()`, so that a test's fast clock moves it. Returns how
 * many faxes it cleared.
 */
export async function runRetention(deps: ClearDeps): Promise<number> {
  const at = clock.now();
  let cleared = 0;
  for (const accountId of await accountsWithPeriods(deps.db)) {
    for (const { scope, days } of await periodScopesOf(deps.db, accountId, at)) {
      // A fax that could not be cleared this time (a reading that finished meanwhile) is not asked for again in this run.
      const skipped: string[] = [];
      for (;;) {
        const ids = await faxesKeepingContent(deps.db, { ...scope, exceptFaxIds: [...scope.exceptFaxIds, ...skipped] }, BATCH);
        for (const id of ids) {
          if (await clearFaxContent(deps, id, { cause: 'retention', days })) cleared += 1;
          else skipped.push(id);
        }
        if (ids.length < BATCH) break;
      }
    }
  }
  return cleared;
}

/** The next run of an account: when, and how many faxes' content it would delete if nothing changes meanwhile. */
export async function nextDeletionOf(deps: Pick<ClearDeps, 'db'>, accountId: string): Promise<{ at: Date; faxes: number }> {
  const at = nextRunAfter(clock.now());
  const scopes = await periodScopesOf(deps.db, accountId, at);
  const counts = await Promise.all(scopes.map(({ scope }) => countFaxesKeepingContent(deps.db, scope)));
  return { at, faxes: counts.reduce((sum, count) => sum + count, 0) };
}
