import type { TPlan } from '@faxline/shared';
import { asc, isNull } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { plans } from './schema';

/** What a plan on sale shows: the fields of its contract, none of those the back office alone reads. */
const ON_SALE_COLUMNS = {
  id: plans.id,
  slug: plans.slug,
  name: plans.name,
  category: plans.category,
  currency: plans.currency,
  monthlyPriceCents: plans.monthlyPriceCents,
  yearlyMonthlyPriceCents: plans.yearlyMonthlyPriceCents,
  pagesPerMonth: plans.pagesPerMonth,
  apiRequestsPerMinute: plans.apiRequestsPerMinute,
  apiAccess: plans.apiAccess,
  webhooks: plans.webhooks,
  faxToEmail: plans.faxToEmail,
  maxUsers: plans.maxUsers,
  faxNumbersIncluded: plans.faxNumbersIncluded,
  isPopular: plans.isPopular,
  isHipaa: plans.isHipaa,
  text: plans.text,
};

/** The plans on sale, in catalogue order (what /pricing and /fax-plans show). */
export async function listActivePlans(db: Database): Promise<TPlan[]> {
  return db.select(ON_SALE_COLUMNS).from(plans).where(isNull(plans.archivedAt)).orderBy(asc(plans.sortOrder), asc(plans.name));
}
