import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { faxes } from './schema';
import { clock } from '../platform/clock';

/** Lock class of the per-account lock taken while a new account's day is counted (any 32-bit number unused elsewhere). */
const NEW_ACCOUNT_LOCK_CLASS = 0x6e657761;

/**
 * Against fax spam from fresh sign-ups (docs/decisions/025): while an account is new, it may send at most `limit`
 * faxes in any 24 hours (0: no limit). Runs inside the accept transaction; for a new account it first takes a lock
 * of that account until the commit, so that forty sends at once are counted one after the other, not all as the
 * first.
 */
export async function assertWithinNewAccountLimit(
  tx: Database,
  /** The account, and when it was made (read with the rest of what its send is checked against). */
  { id: accountId, createdAt }: { id: string; createdAt: Date | null },
  settings: { newAccountDailyFaxLimit: number; newAccountDays: number },
  /** The faxes this send adds (a broadcast adds one per number). */
  adding = 1,
): Promise<void> {
  const limit = settings.newAccountDailyFaxLimit;
  if (limit === 0) return;
  if (!createdAt || createdAt.getTime() < clock.now().getTime() - settings.newAccountDays * 86_400_000) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${NEW_ACCOUNT_LOCK_CLASS}, hashtext(${accountId}))`);
  const [sent] = await tx
    .select({ n: count() })
    .from(faxes)
    .where(and(eq(faxes.accountId, accountId), eq(faxes.direction, 'outbound'), gt(faxes.createdAt, sql`now() - interval '1 day'`)));
  if ((sent?.n ?? 0) + adding > limit)
    throw new AppError('rate_limited', 'errors.newAccountDailyLimit', { limit, days: settings.newAccountDays });
}
