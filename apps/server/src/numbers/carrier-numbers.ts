import { countryOf, type TAdminNumber, type TCarrierNumberOffer } from '@faxline/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { CARRIER_NAMES, CarrierRefused, CarrierUnavailable, type Carrier } from '../lines/carriers/carrier';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { findNumber } from './manage-numbers';
import { faxNumbers } from './schema';

/**
 * Numbers from carriers: the back office searches a carrier's inventory, orders a number into
 * Faxline's (available, then assigned as any other), and gives an unassigned one back. A carrier's failure is said
 * as the carrier's (unavailable: 503; refused: 422 with its words), and changes nothing here.
 */
async function asCarrierCall<T>(carrier: Carrier, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const name = CARRIER_NAMES[carrier.name];
    if (error instanceof CarrierUnavailable) throw new AppError('unavailable', 'errors.carrierUnavailable', { carrier: name });
    if (error instanceof CarrierRefused)
      throw new AppError('unprocessable', 'errors.carrierRefused', { carrier: name, detail: error.detail });
    throw error;
  }
}

/** What the carrier offers in the country and area code, without the numbers Faxline has already. */
export async function searchCarrierNumbers(
  db: Database,
  carrier: Carrier,
  criteria: { country: string; areaCode?: string | undefined; limit: number },
): Promise<TCarrierNumberOffer[]> {
  const offered = await asCarrierCall(carrier, () =>
    carrier.searchNumbers({
      country: criteria.country,
      limit: criteria.limit,
      ...(criteria.areaCode ? { areaCode: criteria.areaCode } : {}),
    }),
  );
  if (offered.length === 0) return [];
  const held = new Set(
    (
      await db
        .select({ phoneNumber: faxNumbers.phoneNumber })
        .from(faxNumbers)
        .where(
          inArray(
            faxNumbers.phoneNumber,
            offered.map((offer) => offer.number),
          ),
        )
    ).map((row) => row.phoneNumber),
  );
  return offered.filter((offer) => !held.has(offer.number));
}

/**
 * Buys the number from the carrier, its incoming faxes pointed at Faxline (`webhookUrl`), and adds it to the
 * inventory, available, with the carrier as its provider. A number the inventory has already is refused before the
 * carrier is asked: nothing is bought twice.
 */
export async function orderCarrierNumber(db: Database, carrier: Carrier, phoneNumber: string, webhookUrl: string): Promise<TAdminNumber> {
  const [held] = await db.select({ id: faxNumbers.id }).from(faxNumbers).where(eq(faxNumbers.phoneNumber, phoneNumber));
  if (held) throw new AppError('conflict', 'errors.numbersExist', { numbers: phoneNumber });
  const { carrierNumberId } = await asCarrierCall(carrier, () => carrier.orderNumber(phoneNumber, webhookUrl));
  // Two admins ordering the same number at once: the carrier sold it once (the other order was refused there), or
  // both orders name the one number it holds for us; either way the inventory has it once, and the second is told so.
  const [row] = await db
    .insert(faxNumbers)
    .values({ phoneNumber, provider: carrier.name, countryCode: countryOf(phoneNumber) ?? null, carrierNumberId })
    .onConflictDoNothing({ target: faxNumbers.phoneNumber })
    .returning({ id: faxNumbers.id });
  if (!row) throw new AppError('conflict', 'errors.numbersExist', { numbers: phoneNumber });
  return findNumber(db, row.id);
}

/**
 * Gives a number ordered from a carrier back to it, and takes it out of the inventory. Only an available one: a
 * number a customer holds is released from the account first (its faxes would otherwise stop arriving unsaid). The
 * row is taken out in a transaction that stays open while the carrier is asked, so that an assignment meanwhile waits
 * for it, and a carrier that fails leaves the number where it was.
 */
export async function returnNumberToCarrier(db: Database, carriers: Carrier[], id: string): Promise<TAdminNumber> {
  const number = await findNumber(db, id);
  const [row] = await db
    .select({ provider: faxNumbers.provider, carrierNumberId: faxNumbers.carrierNumberId })
    .from(faxNumbers)
    .where(and(eq(faxNumbers.id, number.id), isNotNull(faxNumbers.carrierNumberId)));
  if (!row?.carrierNumberId) throw new AppError('conflict', 'errors.numberNotFromCarrier');
  if (number.status !== 'available') throw new AppError('conflict', 'errors.numberAssignedCannotReturn');
  const carrier = carriers.find((candidate) => candidate.name === row.provider);
  if (!carrier) throw new AppError('invalid_request', 'errors.carrierNotConfigured', { carrier: row.provider });
  await inTransaction(db, async (tx) => {
    const removed = await tx
      .delete(faxNumbers)
      .where(and(eq(faxNumbers.id, number.id), eq(faxNumbers.status, 'available')))
      .returning({ id: faxNumbers.id });
    if (removed.length === 0) throw new AppError('conflict', 'errors.numberAssignedCannotReturn');
    await asCarrierCall(carrier, () => carrier.releaseNumber({ number: number.phoneNumber, carrierNumberId: row.carrierNumberId! }));
  });
  return number;
}
