import {
  LANGUAGES,
  PLAN_MAX_FEATURES,
  YEARLY_DISCOUNT,
  type TAdminPlan,
  type TAdminPlanInput,
  type TLanguage,
  type TPlan,
} from '@faxline/shared';

/** The plan form as typed: prices and pages are the inputs' text, features one comma-separated line per language. */
export type TPlanFormValues = {
  name: string;
  category: TPlan['category'];
  monthlyPrice: string;
  yearlyPrice: string;
  pages: string;
  pricedOnRequest: boolean;
  isHipaa: boolean;
  isPopular: boolean;
  text: Record<TLanguage, { description: string; features: string }>;
};

export type TPlanField = 'name' | 'monthlyPrice' | 'yearlyPrice' | 'pages' | 'features';
export type TPlanProblem = 'nameRequired' | 'priceRequired' | 'priceInvalid' | 'yearlyAboveMonthly' | 'pagesRequired' | 'tooManyFeatures';

export type TPlanCheck = { ok: true; input: TAdminPlanInput } | { ok: false; field: TPlanField; problem: TPlanProblem };

const emptyText = () => ({ description: '', features: '' });

export function emptyPlanForm(): TPlanFormValues {
  return {
    name: '',
    category: 'standard',
    monthlyPrice: '',
    yearlyPrice: '',
    pages: '',
    pricedOnRequest: false,
    isHipaa: false,
    isPopular: false,
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
    pricedOnRequest,
    isHipaa: plan.isHipaa,
    isPopular: plan.isPopular,
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

function pagesOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : null;
}

/** The checks of spec 001 §5 (name, price and pages required) before the form is sent; the server checks again. */
export function checkPlanForm(values: TPlanFormValues): TPlanCheck {
  const fail = (field: TPlanField, problem: TPlanProblem): TPlanCheck => ({ ok: false, field, problem });
  if (!values.name.trim()) return fail('name', 'nameRequired');

  let monthlyPriceCents: number | null = null;
  let yearlyMonthlyPriceCents: number | null = null;
  let pagesPerMonth: number | null = null;
  if (!values.pricedOnRequest) {
    const monthly = parsePrice(values.monthlyPrice);
    if (monthly === null) return fail('monthlyPrice', 'priceRequired');
    if (monthly === 'invalid') return fail('monthlyPrice', 'priceInvalid');
    const yearly = parsePrice(values.yearlyPrice);
    if (yearly === 'invalid') return fail('yearlyPrice', 'priceInvalid');
    if (yearly !== null && yearly > monthly) return fail('yearlyPrice', 'yearlyAboveMonthly');
    pagesPerMonth = pagesOf(values.pages);
    if (pagesPerMonth === null) return fail('pages', 'pagesRequired');
    monthlyPriceCents = monthly;
    yearlyMonthlyPriceCents = yearly;
  }

  const text = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { description: values.text[language].description.trim(), features: splitFeatures(values.text[language].features) },
    ]),
  ) as Record<TLanguage, { description: string; features: string[] }>;
  if (LANGUAGES.some((language) => text[language].features.length > PLAN_MAX_FEATURES)) return fail('features', 'tooManyFeatures');

  return {
    ok: true,
    input: {
      name: values.name.trim(),
      category: values.category,
      pricedOnRequest: values.pricedOnRequest,
      monthlyPriceCents,
      yearlyMonthlyPriceCents,
      pagesPerMonth,
      isHipaa: values.isHipaa,
      isPopular: values.isPopular,
      // Empty Spanish or French text is sent as empty: the server gives those languages the English text.
      text,
    },
  };
}
