import { webPaths } from '@faxline/shared';
import { and, count, eq, gt, ne } from 'drizzle-orm';
import { accountInvitations, accountMembers, accounts } from './schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { MessageKey } from '../platform/i18n/i18n';
import { plans } from '../plans/schema';

/** The features a plan includes or not (decision 087); the number of users is counted apart (`assertRoomForUser`). */
export type TPlanFeature = 'apiAccess' | 'webhooks' | 'faxToEmail';

const MESSAGE_OF: Record<TPlanFeature, MessageKey> = {
  apiAccess: 'errors.planLacksApiAccess',
  webhooks: 'errors.planLacksWebhooks',
  faxToEmail: 'errors.planLacksFaxToEmail',
};

/**
 * Refused because the account's plan does not include what was asked (403): the answer says what is missing and
 * carries the way to a plan that includes it (`upgradeUrl`, the billing page), whoever asked.
 */
export class PlanFeatureMissing extends AppError {
  override name = 'PlanFeatureMissing';
  readonly upgradePath = webPaths.user.billing.path;
  constructor(messageKey: MessageKey, params: Record<string, string | number>) {
    super('permission_denied', messageKey, params);
  }
}

/** What an account's plan includes; an account without a plan (none in the catalogue) is given nothing extra. */
export async function planFeaturesOf(db: Database, accountId: string) {
  const [row] = await db
    .select({
      plan: plans.name,
      apiAccess: plans.apiAccess,
      webhooks: plans.webhooks,
      faxToEmail: plans.faxToEmail,
      maxUsers: plans.maxUsers,
    })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  return row ?? { plan: '', apiAccess: false, webhooks: false, faxToEmail: false, maxUsers: 1 };
}

/** Throws `PlanFeatureMissing` unless the account's plan includes the feature. */
export async function assertPlanIncludes(db: Database, accountId: string, feature: TPlanFeature): Promise<void> {
  const features = await planFeaturesOf(db, accountId);
  if (!features[feature]) throw new PlanFeatureMissing(MESSAGE_OF[feature], { plan: features.plan });
}

/**
 * Throws `PlanFeatureMissing` when one more person would pass the plan's number of users. The owner counts, and so
 * does every invitation still open (but one to `replacing`, which the new one replaces): an invitation accepted later
 * must not pass the limit either.
 */
export async function assertRoomForUser(db: Database, accountId: string, replacing: string | null = null, now = new Date()): Promise<void> {
  const { plan, maxUsers } = await planFeaturesOf(db, accountId);
  if (maxUsers === null) return;
  const [members] = await db.select({ n: count() }).from(accountMembers).where(eq(accountMembers.organizationId, accountId));
  const [invited] = await db
    .select({ n: count() })
    .from(accountInvitations)
    .where(
      and(
        eq(accountInvitations.organizationId, accountId),
        eq(accountInvitations.status, 'pending'),
        gt(accountInvitations.expiresAt, now),
        ...(replacing ? [ne(accountInvitations.email, replacing)] : []),
      ),
    );
  if ((members?.n ?? 0) + (invited?.n ?? 0) + 1 > maxUsers) throw new PlanFeatureMissing('errors.planUserLimit', { plan, max: maxUsers });
}
