import type { TAdminAccountBilling, TAdminCreditNoteRequest, TAdminInvoice, TAdminPersonAccount, TLanguage } from '@faxline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { moveAccountToPlan } from '../accounts/account-plan';
import { accountMembers, accounts } from '../accounts/schema';
import { recordAuditEvent } from '../audit/record-audit-event';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { plans } from '../plans/schema';
import { paysForPlan } from './apply-subscription';
import { customerOfAccount } from './billing-profile';
import { RefusedCredit, type BillingProvider, type InvoiceSummary } from './billing-provider';
import { invoiceOfAccount, invoiceSummaryJson } from './invoice-routes';
import { subscriptionJson } from './routes';
import { subscriptions } from './schema';

/** Who acts in the back office, for the audit trail. */
export type Operator = { userId: string; ip: string | null };

type Owner = { id: string; name: string; email: string };

async function ownerOf(db: Database, accountId: string): Promise<Owner | null> {
  const [owner] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.organizationId, accountId), eq(accountMembers.role, 'owner')));
  return owner ?? null;
}

/** The account a person belongs to, their role in it and its owner; null for a person without one. */
export async function accountOfPerson(db: Database, userId: string): Promise<TAdminPersonAccount> {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name, role: accountMembers.role })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.organizationId))
    .where(eq(accountMembers.userId, userId));
  if (!row) return { account: null };
  return { account: { ...row, owner: await ownerOf(db, row.id) } };
}

async function accountNamed(db: Database, accountId: string) {
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name, planId: accounts.planId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new AppError('not_found', 'errors.accountNotFound');
  return account;
}

async function planNames(db: Database): Promise<Map<string, string>> {
  const rows = await db.select({ id: plans.id, name: plans.name }).from(plans);
  return new Map(rows.map((plan) => [plan.id, plan.name]));
}

/** What credit notes may still give back of an invoice: what was paid on it, less what they gave already. */
const creditableOf = (invoice: InvoiceSummary) => (invoice.status === 'paid' ? Math.max(0, invoice.amountPaid - invoice.credited) : 0);

/**
 * One account's billing as the back office sees it (decision 091): its plan, its subscription as Faxline holds it, and
 * a page of its invoices from the provider, each with its credit notes.
 */
export async function accountBilling(
  deps: { db: Database; provider: BillingProvider | null },
  accountId: string,
  page: { limit: number; after: string | null },
): Promise<TAdminAccountBilling> {
  const { db, provider } = deps;
  const account = await accountNamed(db, accountId);
  const names = await planNames(db);
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  const customerId = provider ? await customerOfAccount(db, provider, accountId) : null;
  const invoicePage = provider && customerId ? await provider.invoices(customerId, page) : { invoices: [], nextAfter: null };
  const invoices: TAdminInvoice[] = await Promise.all(
    invoicePage.invoices.map(async (invoice) => {
      // Only a paid invoice can carry credit notes here; the others are not asked about.
      const notes = invoice.status === 'paid' && invoice.credited > 0 ? await provider!.creditNotes(invoice.id) : [];
      return {
        ...invoiceSummaryJson(invoice),
        creditable: creditableOf(invoice),
        creditNotes: notes.map((note) => ({
          id: note.id,
          number: note.number,
          createdAt: note.createdAt.toISOString(),
          amount: note.amount,
          refundAmount: note.refundAmount,
          creditAmount: note.creditAmount,
          memo: note.memo,
        })),
      };
    }),
  );
  return {
    account: { id: account.id, name: account.name, owner: await ownerOf(db, accountId) },
    plan: account.planId ? { id: account.planId, name: names.get(account.planId) ?? account.planId } : null,
    billingEnabled: provider !== null,
    testMode: provider?.testMode ?? false,
    subscription: row ? withPlanNames(subscriptionJson(row), row, names) : null,
    invoices,
    nextAfter: invoicePage.nextAfter,
  };
}

/**
 * An operator puts an account that pays for nothing on a plan, free until it changes (decision 091). A paying account
 * is refused: its plan is what its subscription pays for, changed by the customer at the provider or after cancelling.
 */
export async function grantPlan(
  db: Database,
  operator: Operator,
  accountId: string,
  grant: { planId: string; reason: string },
): Promise<void> {
  await accountNamed(db, accountId);
  const [plan] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, grant.planId), isNull(plans.archivedAt)));
  if (!plan) throw new AppError('not_found', 'errors.planNotFound', {}, 'body.planId');
  await inTransaction(db, async (tx) => {
    // Read under the lock the provider's sync takes on the account's row, so that a checkout completing meanwhile is seen.
    const [account] = await tx.select({ planId: accounts.planId }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
    if (row && paysForPlan(row.status)) throw new AppError('conflict', 'errors.adminPlanPaying', { provider: providerName(row.provider) });
    if (account?.planId === grant.planId) throw new AppError('conflict', 'errors.planAlreadyInForce', {}, 'body.planId');
    const moved = await moveAccountToPlan(tx, accountId, grant.planId);
    await recordAuditEvent(tx, {
      actorUserId: operator.userId,
      accountId,
      ip: operator.ip,
      action: 'billing.plan_granted',
      objectType: 'account',
      objectId: accountId,
      outcome: 'success',
      details: { from: moved?.from ?? account?.planId ?? null, to: grant.planId, reason: grant.reason },
    });
  });
}

const providerName = (provider: string) => (provider === 'paypal' ? 'PayPal' : 'Stripe');

/**
 * A refund or a credit on one of the account's paid invoices, as a credit note at the provider (decision 091), with
 * the operator's reason on it and in the audit trail. Checked here first, so that a refusal is said in the operator's
 * language; the provider checks it again against what it holds.
 */
export async function creditInvoice(
  deps: { db: Database; provider: BillingProvider },
  operator: Operator,
  language: TLanguage,
  target: { accountId: string; invoiceId: string },
  credit: TAdminCreditNoteRequest,
): Promise<void> {
  const { db, provider } = deps;
  await accountNamed(db, target.accountId);
  const invoice = await invoiceOfAccount(db, provider, target.accountId, target.invoiceId);
  if (invoice.status !== 'paid') throw new AppError('conflict', 'errors.creditOnlyPaid');
  const creditable = creditableOf(invoice);
  if (credit.amountCents > creditable) {
    const amount = new Intl.NumberFormat(language, { style: 'currency', currency: invoice.currency }).format(creditable / 100);
    throw new AppError('invalid_request', 'errors.creditTooLarge', { amount }, 'body.amountCents');
  }
  let note;
  try {
    note = await provider.creditInvoice(invoice.id, {
      amountCents: credit.amountCents,
      kind: credit.kind,
      memo: credit.reason,
      operatorId: operator.userId,
    });
  } catch (error) {
    if (error instanceof RefusedCredit)
      throw new AppError('invalid_request', 'errors.creditRefused', { message: error.message }, 'body.amountCents');
    throw error;
  }
  await recordAuditEvent(db, {
    actorUserId: operator.userId,
    accountId: target.accountId,
    ip: operator.ip,
    action: 'billing.invoice_credited',
    objectType: 'invoice',
    objectId: invoice.id,
    outcome: 'success',
    details: {
      provider: provider.name,
      creditNoteId: note.id,
      kind: credit.kind,
      amountCents: credit.amountCents,
      currency: invoice.currency,
      reason: credit.reason,
    },
  });
}

/** The customer's view of the subscription, with what the back office adds: the provider's ids and the plans' names. */
function withPlanNames(shown: ReturnType<typeof subscriptionJson>, row: typeof subscriptions.$inferSelect, names: Map<string, string>) {
  return {
    ...shown,
    provider: row.provider,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    planName: names.get(row.planId) ?? row.planId,
    scheduledChange: shown.scheduledChange
      ? { ...shown.scheduledChange, planName: names.get(shown.scheduledChange.planId) ?? shown.scheduledChange.planId }
      : null,
  };
}
