import { type TInternationalRate } from '@faxline/shared';
import { asc, eq } from 'drizzle-orm';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import type { Database } from '../platform/db/client';
import { claimSeedRun } from '../platform/db/seed-runs';
import { AppError } from '../platform/http/app-error';
import { internationalRates } from './international-rates-schema';

/** Every plan is sold in one currency (the plan form has none to choose), and a rate is billed on the plan's invoice. */
export const RATES_CURRENCY = 'USD';

type RateRow = typeof internationalRates.$inferSelect;

const rateOf = (row: RateRow): TInternationalRate => ({
  country: row.country,
  callingCode: `+${getCountryCallingCode(row.country as CountryCode)}`,
  centsPerPage: row.centsPerPage,
  currency: RATES_CURRENCY,
  updatedAt: row.updatedAt.toISOString(),
});

/** The whole table, by country code: the back office's list. */
export async function listInternationalRates(db: Database): Promise<TInternationalRate[]> {
  return (await db.select().from(internationalRates).orderBy(asc(internationalRates.country))).map(rateOf);
}

/** The price of a page to a country, in the plans' currency's cents; null when Faxline has no rate for it. */
export async function internationalRateOf(db: Database, country: string): Promise<number | null> {
  const [row] = await db
    .select({ cents: internationalRates.centsPerPage })
    .from(internationalRates)
    .where(eq(internationalRates.country, country));
  return row?.cents ?? null;
}

/** Sets a country's rate (adds the country, or changes its price): answers the rate before (null: new) and after. */
export async function setInternationalRate(db: Database, country: string, centsPerPage: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(internationalRates).where(eq(internationalRates.country, country)).for('update');
    const [after] = await tx
      .insert(internationalRates)
      .values({ country, centsPerPage })
      .onConflictDoUpdate({ target: internationalRates.country, set: { centsPerPage, updatedAt: new Date() } })
      .returning();
    return { before: before ? rateOf(before) : null, after: rateOf(after!) };
  });
}

/**
 * Removes a country: faxes there are refused from now on. A fax already accepted keeps the rate it was quoted
 * (decision 096), so removing a country never changes what a fax on its way costs.
 */
export async function removeInternationalRate(db: Database, country: string): Promise<TInternationalRate> {
  const [removed] = await db.delete(internationalRates).where(eq(internationalRates.country, country)).returning();
  if (!removed) throw new AppError('not_found', 'errors.internationalRateNotFound');
  return rateOf(removed);
}

export const INTERNATIONAL_RATES_SEED = 'international-rates-v1';

/**
 * The starting table: spec 000 §9's examples (the United Kingdom 5 cents, Germany 6 cents a page) and the other
 * destinations of Western Europe, Australia and Japan that customers fax most, priced alike. Product data, seeded
 * into every new database once; operators then edit it in the back office.
 */
export const STARTING_INTERNATIONAL_RATES: Record<string, number> = {
  GB: 5,
  DE: 6,
  FR: 6,
  IE: 6,
  NL: 6,
  BE: 6,
  ES: 7,
  IT: 7,
  CH: 8,
  AU: 8,
  JP: 9,
  MX: 8,
};

/** Seeds the starting table into a new database, once (as the plan catalogue is). Answers whether it ran now. */
export async function seedInternationalRates(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimSeedRun(tx, INTERNATIONAL_RATES_SEED))) return false;
    await tx
      .insert(internationalRates)
      .values(Object.entries(STARTING_INTERNATIONAL_RATES).map(([country, centsPerPage]) => ({ country, centsPerPage })))
      .onConflictDoNothing();
    return true;
  });
}
