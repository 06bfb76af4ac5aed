import { z } from 'zod';
import {
  API_RATE_LIMIT,
  PLAN_MAX_API_REQUESTS_PER_MINUTE,
  PLAN_MAX_FAX_NUMBERS,
  PLAN_MAX_FEATURES,
  PLAN_MAX_USERS,
  PLAN_MIN_API_REQUESTS_PER_MINUTE,
} from '../constants';
import { multiLineText, singleLineText } from '../text';
import { PLAN_CATEGORIES, ZPlan } from './plans';

/**
 * Back-office plans (spec 001 §2.11, §3, §5 "Admin plan form"; DESIGN.md "Plans"): the catalogue that /pricing and
 * /fax-plans show, edited here. Prices travel in cents, as in ZPlan; the form enters them with two decimals.
 */
export const PLAN_MAX_PRICE_CENTS = 100_000_00; // 100 000 a month: a typing slip, not a price
export const PLAN_MAX_PAGES = 1_000_000;
export const PLAN_NAME_MAX_LENGTH = 80;
export const PLAN_DESCRIPTION_MAX_LENGTH = 500;
export const PLAN_FEATURE_MAX_LENGTH = 200;
/** $10 a page beyond the plan: anything above is a typing slip. */
export const PLAN_MAX_OVERAGE_CENTS_PER_PAGE = 1_000;
/** The dearest monthly price of a number beyond the plan's, in cents (decision 112). */
export const PLAN_MAX_EXTRA_NUMBER_CENTS = 10_000;

/** A plan as the back office sees it: archived plans too, and how many accounts are on it. */
export const ZAdminPlan = ZPlan.extend({
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Accounts on this plan: a plan in use is archived, never deleted. */
  accountCount: z.number().int().nonnegative(),
  /** The Stripe prices a subscription to this plan is sold at (decision 082); null: not sold through Stripe. */
  stripeMonthlyPriceId: z.string().nullable(),
  stripeYearlyPriceId: z.string().nullable(),
  /** PayPal's billing plans a subscription to this plan is sold at (decision 095); null: not sold through PayPal. */
  paypalMonthlyPlanId: z.string().nullable(),
  paypalYearlyPlanId: z.string().nullable(),
  /**
   * What a page beyond the plan's pages costs (decision 093), in the plan's currency's cents; null: a send past the
   * plan's pages is refused.
   */
  overageCentsPerPage: z.number().int().nonnegative().nullable(),
  /** What a number beyond `faxNumbersIncluded` costs a month (decision 112), in cents; null: none is sold. */
  extraNumberCentsPerMonth: z.number().int().nonnegative().nullable(),
});
export type TAdminPlan = z.infer<typeof ZAdminPlan>;
export const ZAdminPlansResponse = z.object({ plans: z.array(ZAdminPlan) });
export type TAdminPlansResponse = z.infer<typeof ZAdminPlansResponse>;

const ZFeatureList = z
  .array(z.string().trim().min(1).max(PLAN_FEATURE_MAX_LENGTH, { error: 'validation.planFeatureTooLong' }).check(singleLineText))
  .max(PLAN_MAX_FEATURES, { error: 'validation.planTooManyFeatures' });

const ZPlanTextInput = z.object({
  description: z.string().trim().max(PLAN_DESCRIPTION_MAX_LENGTH).check(multiLineText).default(''),
  features: ZFeatureList.default([]),
});

/** Stripe's price ids (`price_…`), entered by hand when the prices were made in Stripe's dashboard. */
const ZStripePriceId = z
  .string()
  .trim()
  .check(singleLineText)
  .max(255, { error: 'validation.stripePriceId' })
  .regex(/^price_[A-Za-z0-9]+$/, { error: 'validation.stripePriceId' });

const ZCents = z
  .number({ error: 'validation.planPrice' })
  .int({ error: 'validation.planPrice' })
  .min(0, { error: 'validation.planPrice' })
  .max(PLAN_MAX_PRICE_CENTS, { error: 'validation.planPrice' });

/**
 * Creating or editing a plan. Name, monthly price and pages per month are required (spec 001 §5), unless the plan is
 * priced on request (Enterprise: "Custom" and a contact link on the public pages), which has neither. English text
 * is required; Spanish or French text left out is the English text (the public pages then show it in English).
 */
export const ZAdminPlanInput = z
  .object({
    name: z
      .string({ error: 'validation.planName' })
      .trim()
      .min(1, { error: 'validation.planName' })
      .max(PLAN_NAME_MAX_LENGTH)
      .check(singleLineText),
    category: z.enum(PLAN_CATEGORIES).default('standard'),
    pricedOnRequest: z.boolean().default(false),
    monthlyPriceCents: ZCents.nullable().default(null),
    /** The monthly price when billed yearly; 20% off the monthly price when left out (DESIGN.md). */
    yearlyMonthlyPriceCents: ZCents.nullable().default(null),
    pagesPerMonth: z
      .number({ error: 'validation.planPages' })
      .int({ error: 'validation.planPages' })
      .min(1, { error: 'validation.planPages' })
      .max(PLAN_MAX_PAGES, { error: 'validation.planPages' })
      .nullable()
      .default(null),
    /** Requests per minute per API key of the accounts on the plan, whatever its price (Enterprise's too). */
    apiRequestsPerMinute: z
      .number({ error: 'validation.planApiRateRange' })
      .int({ error: 'validation.planApiRateRange' })
      .min(PLAN_MIN_API_REQUESTS_PER_MINUTE, { error: 'validation.planApiRateRange' })
      .max(PLAN_MAX_API_REQUESTS_PER_MINUTE, { error: 'validation.planApiRateRange' })
      .default(API_RATE_LIMIT.max),
    /** What the plan includes (decision 087): a new plan includes the least, and the operator adds. */
    apiAccess: z.boolean().default(false),
    webhooks: z.boolean().default(false),
    faxToEmail: z.boolean().default(false),
    /** The owner included; null: no limit. */
    maxUsers: z
      .number({ error: 'validation.planMaxUsers' })
      .int({ error: 'validation.planMaxUsers' })
      .min(1, { error: 'validation.planMaxUsers' })
      .max(PLAN_MAX_USERS, { error: 'validation.planMaxUsers' })
      .nullable()
      .default(1),
    faxNumbersIncluded: z
      .number({ error: 'validation.planFaxNumbers' })
      .int({ error: 'validation.planFaxNumbers' })
      .min(0, { error: 'validation.planFaxNumbers' })
      .max(PLAN_MAX_FAX_NUMBERS, { error: 'validation.planFaxNumbers' })
      .default(1),
    /** Null: a send past the plan's pages is refused; a price: it is sent and each page beyond is billed at it. */
    overageCentsPerPage: z
      .number({ error: 'validation.planOveragePrice' })
      .int({ error: 'validation.planOveragePrice' })
      .min(1, { error: 'validation.planOveragePrice' })
      .max(PLAN_MAX_OVERAGE_CENTS_PER_PAGE, { error: 'validation.planOveragePrice' })
      .nullable()
      .default(null),
    /** Left out: the plan keeps the price it has; null: it sells no number beyond those it includes. */
    extraNumberCentsPerMonth: z
      .number({ error: 'validation.planExtraNumberPrice' })
      .int({ error: 'validation.planExtraNumberPrice' })
      .min(1, { error: 'validation.planExtraNumberPrice' })
      .max(PLAN_MAX_EXTRA_NUMBER_CENTS, { error: 'validation.planExtraNumberPrice' })
      .nullable()
      .optional(),
    /** Left out: the plan keeps the prices it has; null: it is no longer sold through Stripe. */
    stripeMonthlyPriceId: ZStripePriceId.nullable().optional(),
    stripeYearlyPriceId: ZStripePriceId.nullable().optional(),
    isPopular: z.boolean().default(false),
    isHipaa: z.boolean().default(false),
    text: z.object({
      en: ZPlanTextInput,
      es: ZPlanTextInput.nullable().default(null),
      fr: ZPlanTextInput.nullable().default(null),
    }),
  })
  .superRefine((plan, context) => {
    if (plan.pricedOnRequest) return;
    if (plan.monthlyPriceCents === null)
      context.addIssue({ code: 'custom', path: ['monthlyPriceCents'], message: 'validation.planPriceRequired' });
    if (plan.pagesPerMonth === null) context.addIssue({ code: 'custom', path: ['pagesPerMonth'], message: 'validation.planPagesRequired' });
    if (plan.monthlyPriceCents !== null && plan.yearlyMonthlyPriceCents !== null && plan.yearlyMonthlyPriceCents > plan.monthlyPriceCents)
      context.addIssue({ code: 'custom', path: ['yearlyMonthlyPriceCents'], message: 'validation.planYearlyAboveMonthly' });
    if (plan.stripeMonthlyPriceId && plan.stripeMonthlyPriceId === plan.stripeYearlyPriceId)
      context.addIssue({ code: 'custom', path: ['stripeYearlyPriceId'], message: 'validation.stripePriceId' });
  });
export type TAdminPlanInput = z.input<typeof ZAdminPlanInput>;

export const ZAdminPlanParams = z.object({ id: z.string().min(1).max(64).check(singleLineText) });
