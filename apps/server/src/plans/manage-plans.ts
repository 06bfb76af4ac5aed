import { LANGUAGES, type TBillingProvider, type ZAdminPlanInput, type TAdminPlan, type TPlan } from '@faxline/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { STARTING_PLAN_SLUG } from './catalogue';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { PlanCatalogue } from './catalogue';
import { yearlyMonthlyPrice } from './catalogue-seed';
import { plans } from './schema';
import { namePlanPrices } from './plan-prices';

type TPlanInput = z.output<typeof ZAdminPlanInput>;
type TPlanRow = typeof plans.$inferSelect;
type TPlanText = TPlan['text'][keyof TPlan['text']];
/**
 * How many accounts are on the plans (accounts/plan-use.ts): the plans sit below the accounts, which name their plan,
 * so the back office's plan routes are given it (RouteDeps.planUse).
 */
export type PlanUse = {
  /** The number of accounts on each plan that has any. */
  countsByPlan(db: Database): Promise<Map<string, number>>;
  /** How many accounts are on one plan, as SQL, so that a plan's deletion checks it in its own statement. */
  onPlan(planId: string): SQL<number>;
};
/** The database, the in-memory catalogue of this process that each edit refreshes, and the plans' use. */
export type PlanEditDeps = { db: Database; planCatalogue: PlanCatalogue; planUse: PlanUse };
type PlanReadDeps = Pick<PlanEditDeps, 'db' | 'planUse'>;

function toAdminPlan(row: TPlanRow, accountCount: number): TAdminPlan {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    currency: row.currency,
    monthlyPriceCents: row.monthlyPriceCents,
    yearlyMonthlyPriceCents: row.yearlyMonthlyPriceCents,
    pagesPerMonth: row.pagesPerMonth,
    apiRequestsPerMinute: row.apiRequestsPerMinute,
    apiAccess: row.apiAccess,
    webhooks: row.webhooks,
    faxToEmail: row.faxToEmail,
    maxUsers: row.maxUsers,
    faxNumbersIncluded: row.faxNumbersIncluded,
    isPopular: row.isPopular,
    isHipaa: row.isHipaa,
    text: row.text,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    accountCount,
    stripeMonthlyPriceId: row.stripeMonthlyPriceId,
    stripeYearlyPriceId: row.stripeYearlyPriceId,
    paypalMonthlyPlanId: row.paypalMonthlyPlanId,
    paypalYearlyPlanId: row.paypalYearlyPlanId,
    overageCentsPerPage: row.overageCentsPerPage,
    extraNumberCentsPerMonth: row.extraNumberCentsPerMonth,
  };
}

/** Every plan, archived ones too, in catalogue order, with how many accounts are on each. */
export async function listAdminPlans({ db, planUse }: PlanReadDeps): Promise<TAdminPlan[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.name)),
    planUse.countsByPlan(db),
  ]);
  return rows.map((plan) => toAdminPlan(plan, counts.get(plan.id) ?? 0));
}

async function findAdminPlan({ db, planUse }: PlanReadDeps, id: string): Promise<TAdminPlan> {
  const [row] = await db
    .select({ plan: plans, accountCount: planUse.onPlan(id) })
    .from(plans)
    .where(eq(plans.id, id));
  if (!row) throw new AppError('not_found', 'errors.planNotFound');
  return toAdminPlan(row.plan, row.accountCount);
}

/**
 * The text of each language. A language left out, or left empty, gets the English text: an admin who writes only
 * English still has a plan that every page can show (in English), and can translate it later.
 */
function textOf(input: TPlanInput['text']): TPlan['text'] {
  const isEmpty = (text: TPlanText | null) => !text || (text.description === '' && text.features.length === 0);
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const given = input[language];
      return [language, isEmpty(given) ? input.en : given!];
    }),
  ) as TPlan['text'];
}

/** The stored columns of a plan as entered; a plan priced on request has no price and no page limit. */
function columnsOf(input: TPlanInput) {
  const monthly = input.pricedOnRequest ? null : input.monthlyPriceCents;
  return {
    name: input.name,
    category: input.category,
    monthlyPriceCents: monthly,
    yearlyMonthlyPriceCents: monthly === null ? null : (input.yearlyMonthlyPriceCents ?? yearlyMonthlyPrice(monthly)),
    pagesPerMonth: input.pricedOnRequest ? null : input.pagesPerMonth,
    apiRequestsPerMinute: input.apiRequestsPerMinute,
    apiAccess: input.apiAccess,
    webhooks: input.webhooks,
    faxToEmail: input.faxToEmail,
    maxUsers: input.maxUsers,
    faxNumbersIncluded: input.faxNumbersIncluded,
    // A plan without a page limit has no pages beyond it.
    overageCentsPerPage: input.pricedOnRequest ? null : input.overageCentsPerPage,
    ...(input.extraNumberCentsPerMonth !== undefined ? { extraNumberCentsPerMonth: input.extraNumberCentsPerMonth } : {}),
    // Left out, the prices stay: a form that does not show them does not unsell the plan.
    ...(input.stripeMonthlyPriceId !== undefined ? { stripeMonthlyPriceId: input.stripeMonthlyPriceId } : {}),
    ...(input.stripeYearlyPriceId !== undefined ? { stripeYearlyPriceId: input.stripeYearlyPriceId } : {}),
    isPopular: input.isPopular,
    isHipaa: input.isHipaa,
    text: textOf(input.text),
  };
}

/** "HIPAA Plus" -> "hipaa-plus"; a taken slug gets the first free "-2", "-3"... */
async function freeSlug(db: Database, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'plan';
  const taken = new Set(
    (
      await db
        .select({ slug: plans.slug })
        .from(plans)
        .where(or(eq(plans.slug, base), like(plans.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** A new plan goes at the end of the catalogue, on sale at once. */
export async function createPlan(deps: PlanEditDeps, input: TPlanInput): Promise<TAdminPlan> {
  const { db, planCatalogue } = deps;
  const [last] = await db.select({ max: sql<number | null>`max(${plans.sortOrder})` }).from(plans);
  const id = randomUUID();
  await db.insert(plans).values({
    id,
    slug: await freeSlug(db, input.name),
    currency: 'USD',
    sortOrder: (last?.max ?? -1) + 1,
    ...columnsOf(input),
  });
  planCatalogue.changed();
  return findAdminPlan(deps, id);
}

/**
 * Edits a plan; the slug stays, so links to it keep working. Accounts on it get the new pages at once, and their API
 * keys the new requests per minute (the public API reads the plan on every request).
 */
export async function updatePlan(deps: PlanEditDeps, id: string, input: TPlanInput): Promise<{ before: TAdminPlan; after: TAdminPlan }> {
  const { db, planCatalogue } = deps;
  const before = await findAdminPlan(deps, id);
  await db
    .update(plans)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(plans.id, id));
  planCatalogue.changed();
  return { before, after: await findAdminPlan(deps, id) };
}

/** What a payment provider is given to sell a plan (billing/billing-provider.ts's `createPlanPrices`, handed in from above). */
export type CreatePlanPrices = (plan: {
  id: string;
  name: string;
  currency: string;
  monthlyPriceCents: number;
  yearlyMonthlyPriceCents: number;
}) => Promise<{ monthly: string; yearly: string }>;

/**
 * The back office's "Create in Stripe" and "Create in PayPal": the plan's product and its monthly and yearly prices
 * made at the provider, then named on the plan. A plan priced on request has no price to make (409).
 */
export async function createProviderPrices(
  deps: PlanEditDeps,
  id: string,
  provider: { name: TBillingProvider; createPlanPrices: CreatePlanPrices },
): Promise<{ before: TAdminPlan; after: TAdminPlan }> {
  const before = await findAdminPlan(deps, id);
  const { monthlyPriceCents, yearlyMonthlyPriceCents } = before;
  if (monthlyPriceCents === null || yearlyMonthlyPriceCents === null) throw new AppError('conflict', 'errors.planPricedOnRequest');
  const prices = await provider.createPlanPrices({
    id,
    name: before.name,
    currency: before.currency,
    monthlyPriceCents,
    yearlyMonthlyPriceCents,
  });
  await namePlanPrices(deps.db, provider.name, id, prices);
  await deps.db.update(plans).set({ updatedAt: new Date() }).where(eq(plans.id, id));
  deps.planCatalogue.changed();
  return { before, after: await findAdminPlan(deps, id) };
}

/** Archived plans leave /pricing and /fax-plans; accounts on them keep them. */
export async function setPlanArchived(deps: PlanEditDeps, id: string, archived: boolean): Promise<TAdminPlan> {
  const { db, planCatalogue } = deps;
  const plan = await findAdminPlan(deps, id);
  if (Boolean(plan.archivedAt) !== archived) {
    await db
      .update(plans)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(plans.id, id));
    planCatalogue.changed();
  }
  return findAdminPlan(deps, id);
}

/**
 * Deletes a plan no account uses (DESIGN.md: a plan in use is archived, never deleted). The starting plan stays too:
 * every sign-up is put on it.
 */
export async function deletePlan(deps: PlanEditDeps, id: string): Promise<TAdminPlan> {
  const { db, planUse } = deps;
  const plan = await findAdminPlan(deps, id);
  if (plan.slug === STARTING_PLAN_SLUG) throw new AppError('conflict', 'errors.startingPlan');
  if (plan.accountCount > 0) throw new AppError('conflict', 'errors.planInUse', { count: plan.accountCount });
  // Checked again in the statement itself, in case an account was put on the plan meanwhile.
  const deleted = await db
    .delete(plans)
    .where(and(eq(plans.id, id), sql`${planUse.onPlan(id)} = 0`))
    .returning({ id: plans.id });
  if (deleted.length === 0) return deletePlan(deps, id);
  deps.planCatalogue.changed();
  return plan;
}

/** What changed, for the audit trail: the plan's scalar fields, from and to. */
export function planChanges(before: TAdminPlan, after: TAdminPlan): Record<string, { from: unknown; to: unknown }> {
  const keys = [
    'name',
    'category',
    'monthlyPriceCents',
    'yearlyMonthlyPriceCents',
    'pagesPerMonth',
    'apiRequestsPerMinute',
    'apiAccess',
    'webhooks',
    'faxToEmail',
    'maxUsers',
    'faxNumbersIncluded',
    'overageCentsPerPage',
    'extraNumberCentsPerMonth',
    'stripeMonthlyPriceId',
    'stripeYearlyPriceId',
    'paypalMonthlyPlanId',
    'paypalYearlyPlanId',
    'isPopular',
    'isHipaa',
  ] as const;
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of keys) if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  if (JSON.stringify(before.text) !== JSON.stringify(after.text)) changes.text = { from: before.text, to: after.text };
  return changes;
}
