import { normalTaxId, type TBillingProfile } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { BillingDetails, BillingProvider } from './billing-provider';
import { RefusedTaxId } from './billing-provider';
import { billingProfiles, subscriptions } from './schema';

/** The account's billing details as saved, or null before the first save. */
export async function billingProfileOf(db: Database, accountId: string): Promise<TBillingProfile | null> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.accountId, accountId));
  if (!row) return null;
  const { name, line1, line2, city, postalCode, region, country, taxId } = row;
  return { name, line1, line2, city, postalCode, region, country: country as TBillingProfile['country'], taxId };
}

/**
 * The provider's customer of the account: its subscription's, else the one made from its details at a checkout that
 * has not been paid yet. Null: the account has never been to checkout (it has no invoices either).
 */
export async function customerOfAccount(db: Database, provider: BillingProvider, accountId: string): Promise<string | null> {
  const [subscription] = await db
    .select({ customerId: subscriptions.customerId, provider: subscriptions.provider })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId));
  if (subscription) return subscription.provider === provider.name ? subscription.customerId : null;
  const [profile] = await db
    .select({ customerId: billingProfiles.customerId, provider: billingProfiles.provider })
    .from(billingProfiles)
    .where(eq(billingProfiles.accountId, accountId));
  return profile?.provider === provider.name ? profile.customerId : null;
}

type SaveDeps = { db: Database; provider: BillingProvider | null };
type Saver = { accountId: string; userId: string; email: string; ip: string | null };

/**
 * Saves the account's billing details and gives them to its provider's customer, when it has one, first: a tax id
 * the provider refuses is a 400 on the field and nothing is saved. The next invoice carries them; those issued
 * before keep the details they were made with.
 */
export async function saveBillingProfile(deps: SaveDeps, saver: Saver, input: TBillingProfile): Promise<TBillingProfile> {
  const details: BillingDetails = { ...input, taxId: normalTaxId(input.taxId) };
  const customerId = deps.provider ? await customerOfAccount(deps.db, deps.provider, saver.accountId) : null;
  if (deps.provider && customerId)
    await giveToProvider(deps.provider, { customerId, accountId: saver.accountId, email: saver.email, details });
  await deps.db
    .insert(billingProfiles)
    .values({ accountId: saver.accountId, ...details })
    .onConflictDoUpdate({ target: billingProfiles.accountId, set: { ...details, updatedAt: new Date() } });
  await recordAuditEvent(deps.db, {
    actorUserId: saver.userId,
    accountId: saver.accountId,
    ip: saver.ip,
    action: 'billing.details_changed',
    objectType: 'account',
    objectId: saver.accountId,
    outcome: 'success',
    details: { country: details.country, taxId: details.taxId !== '' },
  });
  return (await billingProfileOf(deps.db, saver.accountId))!;
}

async function giveToProvider(provider: BillingProvider, customer: Parameters<BillingProvider['saveCustomer']>[0]): Promise<string> {
  try {
    return await provider.saveCustomer(customer);
  } catch (error) {
    if (error instanceof RefusedTaxId) throw new AppError('invalid_request', 'validation.taxId', {}, 'body.taxId');
    throw new AppError('unavailable', 'errors.billingProviderUnavailable');
  }
}

/**
 * The customer a first checkout is for: the account's own when it has one, else one made now from its saved details
 * (kept, so that a checkout started again reuses it). Null: no details saved, the provider's page asks for them.
 */
export async function checkoutCustomer(deps: { db: Database; provider: BillingProvider }, accountId: string, email: string) {
  const known = await customerOfAccount(deps.db, deps.provider, accountId);
  if (known) return known;
  const [profile] = await deps.db.select().from(billingProfiles).where(eq(billingProfiles.accountId, accountId));
  if (!profile) return null;
  const customerId = await giveToProvider(deps.provider, { customerId: null, accountId, email, details: profile });
  await deps.db.update(billingProfiles).set({ provider: deps.provider.name, customerId }).where(eq(billingProfiles.accountId, accountId));
  return customerId;
}
