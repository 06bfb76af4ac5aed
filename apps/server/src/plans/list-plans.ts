import type { TPlan } from '@faxline/shared';
import { asc, isNull } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { plans } from './schema';

/** The plans on sale, in catalogue order (what /pricing and /fax-plans show). */
export async function listActivePlans(db: Database): Promise<TPlan[]> {
  const rows = await db.select().from(plans).where(isNull(plans.archivedAt)).orderBy(asc(plans.sortOrder), asc(plans.name));
  return rows.map(
    ({
      id,
      slug,
      name,
      category,
      currency,
      monthlyPriceCents,
      yearlyMonthlyPriceCents,
      pagesPerMonth,
      apiRequestsPerMinute,
      isPopular,
      isHipaa,
      text,
    }) => ({
      id,
      slug,
      name,
      category,
      currency,
      monthlyPriceCents,
      yearlyMonthlyPriceCents,
      pagesPerMonth,
      apiRequestsPerMinute,
      isPopular,
      isHipaa,
      text,
    }),
  );
}
