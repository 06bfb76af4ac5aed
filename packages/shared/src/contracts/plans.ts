import { z } from 'zod';
import { LANGUAGES } from '../constants';

/** The plan catalogue (DESIGN.md "Plans"), shown on /pricing and /fax-plans and edited in the back office. */
export const PLAN_CATEGORIES = ['standard', 'healthcare'] as const;
export const YEARLY_DISCOUNT = 0.2; // "Save 20%" (spec 000 §4, §9)

const ZPlanText = z.object({
  description: z.string().max(500),
  features: z.array(z.string().min(1).max(200)).max(20),
});

export const ZPlan = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(PLAN_CATEGORIES),
  /** ISO 4217 code; prices are in its minor unit (cents). */
  currency: z.string().length(3),
  /** Null for a plan priced on request (Enterprise). */
  monthlyPriceCents: z.number().int().nonnegative().nullable(),
  /** The monthly price when billed yearly. */
  yearlyMonthlyPriceCents: z.number().int().nonnegative().nullable(),
  /** Null for custom page limits. */
  pagesPerMonth: z.number().int().positive().nullable(),
  /** Requests per minute each API key of an account on this plan may make (spec 000 §9: 100 unless the plan says more). */
  apiRequestsPerMinute: z.number().int().positive(),
  /** What the plan includes, enforced on the server (decision 087). */
  apiAccess: z.boolean(),
  webhooks: z.boolean(),
  /** Received faxes' documents attached to e-mails, and extra addresses for them. */
  faxToEmail: z.boolean(),
  /** People on the account, its owner included; null: as many as it likes. */
  maxUsers: z.number().int().positive().nullable(),
  faxNumbersIncluded: z.number().int().nonnegative(),
  isPopular: z.boolean(),
  isHipaa: z.boolean(),
  /** Description and features in each of our languages. */
  text: z.object(Object.fromEntries(LANGUAGES.map((l) => [l, ZPlanText])) as Record<(typeof LANGUAGES)[number], typeof ZPlanText>),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPlansResponse = z.object({ plans: z.array(ZPlan) });
export type TPlansResponse = z.infer<typeof ZPlansResponse>;
