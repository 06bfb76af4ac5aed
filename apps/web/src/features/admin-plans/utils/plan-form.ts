import {
  API_RATE_LIMIT,
  LANGUAGES,
  YEARLY_DISCOUNT,
  ZAdminPlanInput,
  type TAdminPlan,
  type TAdminPlanInput,
  type TLanguage,
  type TPlan,
} from '@faxline/shared';

/**
 * The plan form as typed: prices, pages and API requests per minute are the inputs' text, features one comma-separated
 * line per language.
 */
export type TPlanFormValues = {
  name: string;
  category: TPlan['category'];
  monthlyPrice: string;
  yearlyPrice: string;
  pages: string;
  /** The price of a page beyond the plan; empty: sends past the plan are refused (decision 093). */
  overagePrice: string;
  /** What a number beyond those included costs a month; empty: the plan sells none (decision 112). */
  extraNumberPrice: string;
  apiRequestsPerMinute: string;
  pricedOnRequest: boolean;
  isHipaa: boolean;
  isPopular: boolean;
  /** What the plan includes (decision 087); users empty: no limit. */
  apiAccess: boolean;
  webhooks: boolean;
  faxToEmail: boolean;
  maxUsers: string;
  faxNumbersIncluded: string;
  /** Stripe's price ids; empty: not sold through Stripe. */
  stripeMonthlyPriceId: string;
  stripeYearlyPriceId: string;
  text: Record<TLanguage, { description: string; features: string }>;
};

export type TPlanField =
  | 'name'
  | 'monthlyPrice'
  | 'yearlyPrice'
  | 'pages'
  | 'overagePrice'
  | 'apiRequestsPerMinute'
  | 'maxUsers'
  | 'extraNumberPrice'
  | 'faxNumbersIncluded'
  | 'stripeMonthlyPriceId'
  | 'stripeYearlyPriceId'
  | 'description'
  | 'features';
export type TPlanProblem =
  | 'nameRequired'
  | 'priceRequired'
  | 'priceInvalid'
  | 'yearlyAboveMonthly'
  | 'overagePrice'
  | 'extraNumberPrice'
  | 'pagesRequired'
  | 'apiRateRange'
  | 'maxUsers'
  | 'faxNumbers'
  | 'stripePriceId'
  | 'tooManyFeatures'
  | 'forbiddenCharacters'
  | 'tooLong';

export type TPlanCheck = { ok: true; input: TAdminPlanInput } | { ok: false; field: TPlanField; problem: TPlanProblem };

const emptyText = () => ({ description: '', features: '' });

export function emptyPlanForm(): TPlanFormValues {
  return {
    name: '',
    category: 'standard',
    monthlyPrice: '',
    yearlyPrice: '',
    pages: '',
    overagePrice: '',
    extraNumberPrice: '',
    // A new plan starts at the spec's default (spec 000 §9: 100 requests per minute per key).
    apiRequestsPerMinute: String(API_RATE_LIMIT.max),
    pricedOnRequest: false,
    isHipaa: false,
    isPopular: false,
    // A new plan includes the least: one user, one number, no API, webhooks or fax to e-mail, until the admin adds.
    apiAccess: false,
    webhooks: false,
    faxToEmail: false,
    maxUsers: '1',
    faxNumbersIncluded: '1',
    stripeMonthlyPriceId: '',
    stripeYearlyPriceId: '',
    text: { en: emptyText(), es: emptyText(), fr: emptyText() },
  };
}

/** Cents as the price input shows them: 1999 -> "19.99". */
export const centsToText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/**
 * A stored plan in the form. What follows from something else shows empty, so that it keeps following it after an
 * edit: Spanish or French text that is the English text ("same as English"), and a yearly price that is the usual 20%
 * off the monthly one.
 */
export function planFormOf(plan: TAdminPlan): TPlanFormValues {
  const en = plan.text.en;
  const textOf = (language: TLanguage) => {
    const text = plan.text[language];
    const sameAsEnglish = language !== 'en' && text.description === en.description && text.features.join('\n') === en.features.join('\n');
    return sameAsEnglish ? emptyText() : { description: text.description, features: text.features.join(', ') };
  };
  const pricedOnRequest = plan.monthlyPriceCents === null;
  const usualYearly = plan.monthlyPriceCents === null ? null : Math.round(plan.monthlyPriceCents * (1 - YEARLY_DISCOUNT));
  return {
    name: plan.name,
    category: plan.category,
    monthlyPrice: centsToText(plan.monthlyPriceCents),
    yearlyPrice: plan.yearlyMonthlyPriceCents === usualYearly ? '' : centsToText(plan.yearlyMonthlyPriceCents),
    pages: plan.pagesPerMonth === null ? '' : String(plan.pagesPerMonth),
    overagePrice: centsToText(plan.overageCentsPerPage),
    extraNumberPrice: centsToText(plan.extraNumberCentsPerMonth),
    apiRequestsPerMinute: String(plan.apiRequestsPerMinute),
    pricedOnRequest,
    isHipaa: plan.isHipaa,
    isPopular: plan.isPopular,
    apiAccess: plan.apiAccess,
    webhooks: plan.webhooks,
    faxToEmail: plan.faxToEmail,
    maxUsers: plan.maxUsers === null ? '' : String(plan.maxUsers),
    faxNumbersIncluded: String(plan.faxNumbersIncluded),
    stripeMonthlyPriceId: plan.stripeMonthlyPriceId ?? '',
    stripeYearlyPriceId: plan.stripeYearlyPriceId ?? '',
    text: Object.fromEntries(LANGUAGES.map((language) => [language, textOf(language)])) as TPlanFormValues['text'],
  };
}

/**
 * A price typed with at most two decimals ("19.99", "19,9", "20") in cents, without floating-point rounding; null
 * when empty, 'invalid' otherwise.
 */
export function parsePrice(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return 'invalid';
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "Email to Fax, Online Portal," -> ["Email to Fax", "Online Portal"] (spec 001 §3: entered comma-separated). */
export const splitFeatures = (text: string) =>
  text
    .split(',')
    .map((feature) => feature.trim())
    .filter(Boolean);

/** Pages per month as typed: null when empty, 'invalid' when not a whole number of 1 or more. */
function parsePages(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,7}$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : 'invalid';
}

/** A whole number as typed (API requests per minute, users, numbers: the shared schema checks its range), 'invalid' otherwise. */
function parseRequestsPerMinute(text: string): number | 'invalid' {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

/** Users as typed: empty is no limit (null). */
const parseUsers = (text: string): number | null | 'invalid' => (text.trim() === '' ? null : parseRequestsPerMinute(text));

/** The form's fields in the order they are shown: the first one to fix gets focus. */
const PLAN_FIELDS = [
  'name',
  'monthlyPrice',
  'yearlyPrice',
  'pages',
  'overagePrice',
  'apiRequestsPerMinute',
  'maxUsers',
  'faxNumbersIncluded',
  'extraNumberPrice',
  'stripeMonthlyPriceId',
  'stripeYearlyPriceId',
  'description',
  'features',
] as const satisfies readonly TPlanField[];

/** The form field of a shared schema's issue path (`text.es.features.3` is the features field). */
function fieldOfPath(path: readonly PropertyKey[]): TPlanField {
  const [head, , inText] = path;
  if (head === 'monthlyPriceCents') return 'monthlyPrice';
  if (head === 'yearlyMonthlyPriceCents') return 'yearlyPrice';
  if (head === 'pagesPerMonth') return 'pages';
  if (head === 'overageCentsPerPage') return 'overagePrice';
  if (head === 'extraNumberCentsPerMonth') return 'extraNumberPrice';
  if (head === 'apiRequestsPerMinute') return 'apiRequestsPerMinute';
  if (head === 'maxUsers' || head === 'faxNumbersIncluded' || head === 'stripeMonthlyPriceId' || head === 'stripeYearlyPriceId')
    return head;
  if (head === 'text') return inText === 'description' ? 'description' : 'features';
  return 'name';
}

/** The form's problem for a shared schema's message (an i18n key of the catalogue, or zod's own for a length). */
const PROBLEM_OF_MESSAGE: Record<string, TPlanProblem> = {
  'validation.planName': 'nameRequired',
  'validation.planPriceRequired': 'priceRequired',
  'validation.planPrice': 'priceInvalid',
  'validation.planYearlyAboveMonthly': 'yearlyAboveMonthly',
  'validation.planOveragePrice': 'overagePrice',
  'validation.planExtraNumberPrice': 'extraNumberPrice',
  'validation.planPagesRequired': 'pagesRequired',
  'validation.planPages': 'pagesRequired',
  'validation.planApiRateRange': 'apiRateRange',
  'validation.planMaxUsers': 'maxUsers',
  'validation.planFaxNumbers': 'faxNumbers',
  'validation.stripePriceId': 'stripePriceId',
  'validation.planTooManyFeatures': 'tooManyFeatures',
  'validation.forbiddenCharacters': 'forbiddenCharacters',
};

/**
 * The checks of spec 001 §5 before the form is sent (name, price and pages required), through the shared schema that
 * the server applies to the same request. The form reads its own text first: a price with at most two decimals into
 * cents, pages and API requests per minute as whole numbers, features split on commas; then every problem, the form's and the schema's, is
 * reported for the first field shown.
 */
export function checkPlanForm(values: TPlanFormValues): TPlanCheck {
  const problems = new Map<TPlanField, TPlanProblem>();
  const readNumber = (field: TPlanField, read: number | null | 'invalid', problem: TPlanProblem) => {
    if (read !== 'invalid') return read;
    problems.set(field, problem);
    return null;
  };
  const priced = !values.pricedOnRequest;
  const monthlyPriceCents = priced ? readNumber('monthlyPrice', parsePrice(values.monthlyPrice), 'priceInvalid') : null;
  const yearlyMonthlyPriceCents = priced ? readNumber('yearlyPrice', parsePrice(values.yearlyPrice), 'priceInvalid') : null;
  const pagesPerMonth = priced ? readNumber('pages', parsePages(values.pages), 'pagesRequired') : null;
  const overageCentsPerPage = priced ? readNumber('overagePrice', parsePrice(values.overagePrice), 'overagePrice') : null;
  // When unreadable, the problem is noted and 0 stands in, so that the rest of the form is still checked.
  const apiRequestsPerMinute = readNumber('apiRequestsPerMinute', parseRequestsPerMinute(values.apiRequestsPerMinute), 'apiRateRange') ?? 0;
  const maxUsers = readNumber('maxUsers', parseUsers(values.maxUsers), 'maxUsers');
  const extraNumberCentsPerMonth = readNumber('extraNumberPrice', parsePrice(values.extraNumberPrice), 'extraNumberPrice');
  const faxNumbersIncluded = readNumber('faxNumbersIncluded', parseRequestsPerMinute(values.faxNumbersIncluded), 'faxNumbers') ?? 0;
  const priceId = (text: string) => text.trim() || null;

  const input = {
    name: values.name.trim(),
    category: values.category,
    pricedOnRequest: values.pricedOnRequest,
    monthlyPriceCents,
    yearlyMonthlyPriceCents,
    pagesPerMonth,
    overageCentsPerPage,
    apiRequestsPerMinute,
    isHipaa: values.isHipaa,
    isPopular: values.isPopular,
    apiAccess: values.apiAccess,
    webhooks: values.webhooks,
    faxToEmail: values.faxToEmail,
    maxUsers,
    faxNumbersIncluded,
    extraNumberCentsPerMonth,
    stripeMonthlyPriceId: priceId(values.stripeMonthlyPriceId),
    stripeYearlyPriceId: priceId(values.stripeYearlyPriceId),
    // Empty Spanish or French text is sent as empty: the server gives those languages the English text.
    text: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        { description: values.text[language].description.trim(), features: splitFeatures(values.text[language].features) },
      ]),
    ) as Record<TLanguage, { description: string; features: string[] }>,
  } satisfies TAdminPlanInput;

  const parsed = ZAdminPlanInput.safeParse(input);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOfPath(issue.path);
    if (!problems.has(field)) problems.set(field, PROBLEM_OF_MESSAGE[issue.message] ?? 'tooLong');
  }
  const field = PLAN_FIELDS.find((name) => problems.has(name));
  return field ? { ok: false, field, problem: problems.get(field)! } : { ok: true, input };
}
