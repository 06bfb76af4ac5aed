import {
  PLAN_FEATURE_MAX_LENGTH,
  PLAN_MAX_API_REQUESTS_PER_MINUTE,
  PLAN_MAX_FEATURES,
  PLAN_MAX_PAGES,
  PLAN_MAX_PRICE_CENTS,
  PLAN_MIN_API_REQUESTS_PER_MINUTE,
  type TAdminPlan,
} from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { checkPlanForm, emptyPlanForm, parsePrice, planFormOf, splitFeatures, type TPlanFormValues } from './plan-form';

const filled = (overrides: Partial<TPlanFormValues> = {}): TPlanFormValues => ({
  ...emptyPlanForm(),
  name: 'Clinic',
  monthlyPrice: '19.99',
  pages: '500',
  text: {
    en: { description: 'For clinics.', features: 'Email to Fax, Online Portal,' },
    es: { description: '', features: '' },
    fr: { description: '', features: '' },
  },
  ...overrides,
});

/** What a plan includes at the least (a new plan's start): one user and one number, no API, webhooks, fax to e-mail or Stripe prices. */
const INCLUDES_LEAST = {
  apiAccess: false,
  webhooks: false,
  faxToEmail: false,
  maxUsers: 1,
  faxNumbersIncluded: 1,
  stripeMonthlyPriceId: null,
  stripeYearlyPriceId: null,
} as const;

const plan: TAdminPlan = {
  id: 'p1',
  slug: 'basic',
  name: 'Basic',
  category: 'standard',
  currency: 'USD',
  monthlyPriceCents: 999,
  yearlyMonthlyPriceCents: 799,
  pagesPerMonth: 150,
  apiRequestsPerMinute: 250,
  ...INCLUDES_LEAST,
  paypalMonthlyPlanId: null,
  paypalYearlyPlanId: null,
  overageCentsPerPage: null,
  extraNumberCentsPerMonth: 500,
  isPopular: false,
  isHipaa: false,
  text: {
    en: { description: 'One desk.', features: ['150 pages', 'Email to fax'] },
    es: { description: 'Un puesto.', features: ['150 páginas', 'Correo a fax'] },
    fr: { description: 'One desk.', features: ['150 pages', 'Email to fax'] },
  },
  archivedAt: null,
  accountCount: 3,
};

describe('parsePrice', () => {
  it('reads prices with at most two decimals, in cents, without rounding errors', () => {
    expect(parsePrice('19.99')).toBe(1999);
    expect(parsePrice('0.29')).toBe(29);
    expect(parsePrice('19,9')).toBe(1990);
    expect(parsePrice(' 20 ')).toBe(2000);
    expect(parsePrice('')).toBeNull();
    for (const bad of ['19.999', '-1', 'abc', '1e3', '.5']) expect(parsePrice(bad)).toBe('invalid');
  });
});

describe('splitFeatures', () => {
  it('splits on commas and drops empty entries (spec 001 §3: entered comma-separated)', () => {
    expect(splitFeatures(' Email to Fax ,Online Portal,, ')).toEqual(['Email to Fax', 'Online Portal']);
  });
});

describe('checkPlanForm', () => {
  it('requires name, price and pages per month (spec 001 §5)', () => {
    expect(checkPlanForm(filled({ name: ' ' }))).toEqual({ ok: false, field: 'name', problem: 'nameRequired' });
    expect(checkPlanForm(filled({ monthlyPrice: '' }))).toEqual({ ok: false, field: 'monthlyPrice', problem: 'priceRequired' });
    expect(checkPlanForm(filled({ monthlyPrice: '9.999' }))).toEqual({ ok: false, field: 'monthlyPrice', problem: 'priceInvalid' });
    expect(checkPlanForm(filled({ yearlyPrice: '25' }))).toEqual({ ok: false, field: 'yearlyPrice', problem: 'yearlyAboveMonthly' });
    expect(checkPlanForm(filled({ pages: '' }))).toEqual({ ok: false, field: 'pages', problem: 'pagesRequired' });
    expect(checkPlanForm(filled({ pages: '2.5' }))).toEqual({ ok: false, field: 'pages', problem: 'pagesRequired' });
  });

  it('names the first field to fix, in the order they are shown', () => {
    expect(checkPlanForm(filled({ name: '', monthlyPrice: '', pages: 'x' }))).toMatchObject({ field: 'name', problem: 'nameRequired' });
    expect(checkPlanForm(filled({ monthlyPrice: 'x', pages: '' }))).toMatchObject({ field: 'monthlyPrice', problem: 'priceInvalid' });
    expect(checkPlanForm(filled({ yearlyPrice: 'x', pages: '' }))).toMatchObject({ field: 'yearlyPrice', problem: 'priceInvalid' });
  });

  it('refuses what the shared schema refuses, so the server would too', () => {
    const tooDear = String(PLAN_MAX_PRICE_CENTS / 100 + 1);
    expect(checkPlanForm(filled({ monthlyPrice: tooDear }))).toEqual({ ok: false, field: 'monthlyPrice', problem: 'priceInvalid' });
    expect(checkPlanForm(filled({ pages: String(PLAN_MAX_PAGES + 1) }))).toEqual({ ok: false, field: 'pages', problem: 'pagesRequired' });
    expect(checkPlanForm(filled({ name: 'Clinic\u0007' }))).toEqual({ ok: false, field: 'name', problem: 'forbiddenCharacters' });
    const tooMany = Array.from({ length: PLAN_MAX_FEATURES + 1 }, (_, index) => `Feature ${index}`).join(', ');
    for (const language of ['en', 'fr'] as const) {
      const text = { ...filled().text, [language]: { description: '', features: tooMany } };
      expect(checkPlanForm(filled({ text }))).toEqual({ ok: false, field: 'features', problem: 'tooManyFeatures' });
    }
    const longFeature = { ...filled().text, es: { description: '', features: 'x'.repeat(PLAN_FEATURE_MAX_LENGTH + 1) } };
    expect(checkPlanForm(filled({ text: longFeature }))).toEqual({ ok: false, field: 'features', problem: 'tooLong' });
    const badDescription = { ...filled().text, en: { description: 'One\u0000desk', features: '' } };
    expect(checkPlanForm(filled({ text: badDescription }))).toEqual({ ok: false, field: 'description', problem: 'forbiddenCharacters' });
  });

  it('takes API requests per minute per key in the shared range, priced on request or not', () => {
    const problem = { ok: false, field: 'apiRequestsPerMinute', problem: 'apiRateRange' };
    for (const bad of [
      '',
      '12.5',
      '-20',
      'many',
      String(PLAN_MIN_API_REQUESTS_PER_MINUTE - 1),
      String(PLAN_MAX_API_REQUESTS_PER_MINUTE + 1),
    ]) {
      expect(checkPlanForm(filled({ apiRequestsPerMinute: bad })), bad).toEqual(problem);
      expect(checkPlanForm(filled({ apiRequestsPerMinute: bad, pricedOnRequest: true })), bad).toEqual(problem);
    }
    expect(checkPlanForm(filled({ pages: '', apiRequestsPerMinute: '' }))).toMatchObject({ field: 'pages' });
    for (const good of [PLAN_MIN_API_REQUESTS_PER_MINUTE, 250, PLAN_MAX_API_REQUESTS_PER_MINUTE]) {
      const checked = checkPlanForm(filled({ apiRequestsPerMinute: ` ${good} ` }));
      expect(checked.ok && checked.input.apiRequestsPerMinute).toBe(good);
    }
  });

  it('needs neither price nor pages for a plan priced on request', () => {
    const checked = checkPlanForm(filled({ pricedOnRequest: true, monthlyPrice: '', pages: '' }));
    expect(checked.ok && [checked.input.monthlyPriceCents, checked.input.pagesPerMonth]).toEqual([null, null]);
  });

  it('reads the price of a page beyond the plan: empty refuses, a price in cents bills, a slip is pointed at', () => {
    const overage = (text: string) => checkPlanForm(filled({ overagePrice: text }));
    expect(overage('').ok && (overage('') as { input: { overageCentsPerPage: unknown } }).input.overageCentsPerPage).toBeNull();
    const priced = overage('0.12');
    expect(priced.ok && priced.input.overageCentsPerPage).toBe(12);
    expect(overage('abc')).toEqual({ ok: false, field: 'overagePrice', problem: 'overagePrice' });
    expect(overage('20')).toEqual({ ok: false, field: 'overagePrice', problem: 'overagePrice' });
  });

  it('builds the request: cents, features as a list, untranslated languages left empty for the server', () => {
    const checked = checkPlanForm(filled({ isHipaa: true }));
    expect(checked).toEqual({
      ok: true,
      input: {
        name: 'Clinic',
        category: 'standard',
        pricedOnRequest: false,
        monthlyPriceCents: 1999,
        yearlyMonthlyPriceCents: null,
        pagesPerMonth: 500,
        overageCentsPerPage: null,
        extraNumberCentsPerMonth: null,
        apiRequestsPerMinute: 100,
        isHipaa: true,
        isPopular: false,
        ...INCLUDES_LEAST,
        text: {
          en: { description: 'For clinics.', features: ['Email to Fax', 'Online Portal'] },
          es: { description: '', features: [] },
          fr: { description: '', features: [] },
        },
      },
    });
  });
});

describe('what a plan includes and its Stripe prices', () => {
  it('reads users (empty: no limit), included numbers and price ids, and says which field is wrong', () => {
    const checked = checkPlanForm(
      filled({ apiAccess: true, maxUsers: '', faxNumbersIncluded: '3', stripeMonthlyPriceId: ' price_1Abc ', stripeYearlyPriceId: '' }),
    );
    expect(checked.ok && checked.input).toMatchObject({
      apiAccess: true,
      maxUsers: null,
      faxNumbersIncluded: 3,
      stripeMonthlyPriceId: 'price_1Abc',
      stripeYearlyPriceId: null,
    });
    expect(checkPlanForm(filled({ maxUsers: '0' }))).toEqual({ ok: false, field: 'maxUsers', problem: 'maxUsers' });
    expect(checkPlanForm(filled({ maxUsers: 'many' }))).toEqual({ ok: false, field: 'maxUsers', problem: 'maxUsers' });
    expect(checkPlanForm(filled({ faxNumbersIncluded: '' }))).toEqual({ ok: false, field: 'faxNumbersIncluded', problem: 'faxNumbers' });
    expect(checkPlanForm(filled({ stripeYearlyPriceId: 'prod_1Abc' }))).toEqual({
      ok: false,
      field: 'stripeYearlyPriceId',
      problem: 'stripePriceId',
    });
  });

  it('reads the monthly price of a number beyond those included (empty: none sold), and shows it back', () => {
    const priced = checkPlanForm(filled({ extraNumberPrice: '4.5' }));
    expect(priced.ok && priced.input.extraNumberCentsPerMonth).toBe(450);
    const none = checkPlanForm(filled({ extraNumberPrice: '' }));
    expect(none.ok && none.input.extraNumberCentsPerMonth).toBeNull();
    expect(checkPlanForm(filled({ extraNumberPrice: '0' }))).toEqual({ ok: false, field: 'extraNumberPrice', problem: 'extraNumberPrice' });
    expect(checkPlanForm(filled({ extraNumberPrice: 'five' }))).toEqual({
      ok: false,
      field: 'extraNumberPrice',
      problem: 'extraNumberPrice',
    });
    expect(planFormOf(plan).extraNumberPrice).toBe('5.00');
    expect(planFormOf({ ...plan, extraNumberCentsPerMonth: null }).extraNumberPrice).toBe('');
  });

  it('shows a stored plan’s users, unlimited as empty, and its price ids', () => {
    expect(planFormOf({ ...plan, maxUsers: null, stripeMonthlyPriceId: 'price_1M', webhooks: true })).toMatchObject({
      maxUsers: '',
      stripeMonthlyPriceId: 'price_1M',
      stripeYearlyPriceId: '',
      webhooks: true,
    });
  });
});

describe('planFormOf', () => {
  it('shows a stored plan, leaving empty what follows the English text and the usual yearly price', () => {
    const values = planFormOf(plan);
    expect(values).toMatchObject({
      name: 'Basic',
      monthlyPrice: '9.99',
      yearlyPrice: '',
      pages: '150',
      apiRequestsPerMinute: '250',
      pricedOnRequest: false,
    });
    expect(values.text.en).toEqual({ description: 'One desk.', features: '150 pages, Email to fax' });
    expect(values.text.es).toEqual({ description: 'Un puesto.', features: '150 páginas, Correo a fax' });
    expect(values.text.fr).toEqual({ description: '', features: '' });
    expect(planFormOf({ ...plan, yearlyMonthlyPriceCents: 750 }).yearlyPrice).toBe('7.50');
    expect(planFormOf({ ...plan, monthlyPriceCents: null, yearlyMonthlyPriceCents: null, pagesPerMonth: null })).toMatchObject({
      pricedOnRequest: true,
      monthlyPrice: '',
      pages: '',
    });
  });
});
