import { graceEndOf, type TFailedPayment } from '@faxline/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { accountMembers } from '../accounts/schema';
import { users } from '../auth/schema';
import { subscriptions } from '../billing/schema';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';

/**
 * GET /api/admin/failed-payments (decision 092): every account in a run of payment failures not yet paid (decision
 * 085), the newest failure first, with its owner, plan, what is due and where its grace stands.
 */
export async function readFailedPayments(db: Database, now = clock.now()): Promise<TFailedPayment[]> {
  const rows = await db
    .select({
      accountId: subscriptions.accountId,
      ownerId: users.id,
      ownerName: users.name,
      ownerEmail: users.email,
      planName: plans.name,
      interval: subscriptions.interval,
      amountDueCents: subscriptions.amountDueCents,
      amountDueCurrency: subscriptions.amountDueCurrency,
      failedAt: subscriptions.paymentFailedAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(accountMembers, and(eq(accountMembers.organizationId, subscriptions.accountId), eq(accountMembers.role, 'owner')))
    .leftJoin(users, eq(users.id, accountMembers.userId))
    .where(isNotNull(subscriptions.paymentFailedAt))
    .orderBy(desc(subscriptions.paymentFailedAt), subscriptions.accountId);
  return rows.map((row) => {
    const graceEndsAt = graceEndOf(row.failedAt!);
    return {
      accountId: row.accountId,
      owner: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? '', email: row.ownerEmail ?? '' } : null,
      planName: row.planName,
      interval: row.interval,
      amountDue:
        row.amountDueCents !== null && row.amountDueCurrency
          ? { cents: row.amountDueCents, currency: row.amountDueCurrency.toUpperCase() }
          : null,
      failedAt: row.failedAt!.toISOString(),
      graceEndsAt: graceEndsAt.toISOString(),
      sendingPaused: now >= graceEndsAt,
    };
  });
}
