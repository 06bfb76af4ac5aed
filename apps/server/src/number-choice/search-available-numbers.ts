import { AVAILABLE_NUMBERS_LIMIT, type TAvailableNumbersResponse, type TCarrier } from '@faxline/shared';
import type { Carrier } from '../lines/carriers/carrier';
import { searchCarrierNumbers } from '../numbers/carrier-numbers';
import { searchInventoryNumbers } from '../numbers/search-inventory';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';

/**
 * The numbers a customer may add in a country and area code (decision 112): Faxline's inventory first (free of
 * quarantine), then what each carrier in force sells there (decision 057's search, without the numbers the inventory
 * holds). A carrier that cannot answer now is named, and its numbers are missing; the others still answer.
 */
export async function searchAvailableNumbers(
  db: Database,
  carriers: readonly Carrier[],
  criteria: { country: string; areaCode?: string | undefined; now: Date },
): Promise<TAvailableNumbersResponse> {
  const limit = AVAILABLE_NUMBERS_LIMIT;
  const inventory = await searchInventoryNumbers(db, { ...criteria, limit });
  const numbers: TAvailableNumbersResponse['numbers'] = inventory.map((n) => ({
    phoneNumber: n.phoneNumber,
    carrier: null,
    region: null,
    locality: null,
  }));
  const unavailableCarriers: TCarrier[] = [];
  const offers = await Promise.all(
    carriers.map(async (carrier) => {
      try {
        return { carrier, offered: await searchCarrierNumbers(db, carrier, { ...criteria, limit }) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        unavailableCarriers.push(carrier.name);
        return { carrier, offered: [] };
      }
    }),
  );
  // The carriers' numbers come after the inventory's, as many again at most: a full inventory does not hide them.
  const seen = new Set(numbers.map((n) => n.phoneNumber));
  let fromCarriers = 0;
  for (const { carrier, offered } of offers) {
    for (const offer of offered) {
      if (fromCarriers >= limit) break;
      if (seen.has(offer.number)) continue;
      seen.add(offer.number);
      numbers.push({ phoneNumber: offer.number, carrier: carrier.name, region: offer.region, locality: offer.locality });
      fromCarriers += 1;
    }
  }
  return { numbers, unavailableCarriers };
}
