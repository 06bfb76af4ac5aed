import { eq } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import type { Database } from '../platform/db/client';
import { plans } from '../plans/schema';
import { providersOffering } from './billing-providers';
import { subscriptions } from './schema';

/** The subscriptions whose next invoice will come: pages beyond the plan, and pages abroad, can be billed on it. */
const INVOICED_STATUSES = ['active', 'past_due'] as const;

/** What an account's sends can be charged beyond its plan's price (chargeTermsFrom). */
export type ChargeTerms = { currency: string; invoiced: boolean; overageCents: number | null };

/** The columns chargeTermsFrom reads, of `accounts` joined to its plan and its subscription (if any). */
export const chargeTermsColumns = {
  cents: plans.overageCentsPerPage,
  currency: plans.currency,
  subscriptionId: subscriptions.subscriptionId,
  status: subscriptions.status,
  provider: subscriptions.provider,
};

/**
 * What an account's sends can be charged beyond its plan's price, as its plan and subscription stand: the plan's
 * currency, whether a next invoice will come from a provider (an `active` or `past_due` subscription at a provider that
 * bills usage; decisions 093, 095, 096: Faxline never writes a charge it has no invoice for), and the price of a page
 * beyond the plan on it (null: sends past the plan are refused).
 */
export function chargeTermsFrom(
  row:
    | { cents: number | null; currency: string | null; subscriptionId: string | null; status: string | null; provider: string | null }
    | undefined,
): ChargeTerms {
  const invoiced =
    row?.subscriptionId != null &&
    INVOICED_STATUSES.some((status) => status === row.status) &&
    // A provider that cannot add a charge to the next payment (PayPal, decision 095) has no invoice to bill on.
    providersOffering('usageCharges').some((provider) => provider === row.provider);
  return { currency: row?.currency ?? 'USD', invoiced, overageCents: invoiced ? (row?.cents ?? null) : null };
}

/** The account's charge terms now (chargeTermsFrom), read from its plan and subscription. */
export async function chargeTermsOf(db: Database, accountId: string): Promise<ChargeTerms> {
  const [row] = await db
    .select(chargeTermsColumns)
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return chargeTermsFrom(row);
}

/**
 * The price of a page beyond the account's plan (decision 093), in the plan's currency's cents: the plan's overage
 * price while the account pays through a provider that will send a next invoice; null when sends past the plan are
 * refused (the plan says so, or there is no invoice to bill them on: a plan given in the back office, a subscription
 * that has ended, or one at a provider that bills no usage, decision 095).
 */
export async function overageRateOf(db: Database, accountId: string): Promise<{ cents: number; currency: string } | null> {
  const { currency, overageCents } = await chargeTermsOf(db, accountId);
  return overageCents !== null ? { cents: overageCents, currency } : null;
}

/**
 * How a fax's delivered pages split between the plan and beyond it: the pages left in the plan this period are
 * included, the rest are overage. `chargedBefore` is what the ledger already holds for the period, without this fax.
 */
export function splitPages(pages: number, limit: number | null, chargedBefore: number): { included: number; overage: number } {
  if (limit === null) return { included: pages, overage: 0 };
  const included = Math.min(pages, Math.max(0, limit - chargedBefore));
  return { included, overage: pages - included };
}
