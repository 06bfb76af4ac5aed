import { callingCodeOf } from '@faxline/shared';
import { and, asc, eq, like } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { takeableAt } from './quarantine';
import { faxNumbers } from './schema';

/**
 * Numbers of Faxline's inventory a customer may take now, in a country and, when given, an area code (the digits right
 * after the country's calling code: 415 in +1 415 555 0100). Quarantined numbers are not offered.
 */
export async function searchInventoryNumbers(
  db: Database,
  criteria: { country: string; areaCode?: string | undefined; limit: number; now: Date },
): Promise<Array<{ phoneNumber: string }>> {
  const callingCode = callingCodeOf(criteria.country);
  if (!callingCode) return [];
  return db
    .select({ phoneNumber: faxNumbers.phoneNumber })
    .from(faxNumbers)
    .where(
      and(
        takeableAt(criteria.now),
        eq(faxNumbers.countryCode, criteria.country),
        like(faxNumbers.phoneNumber, `+${callingCode}${criteria.areaCode ?? ''}%`),
      ),
    )
    .orderBy(asc(faxNumbers.phoneNumber))
    .limit(criteria.limit);
}
