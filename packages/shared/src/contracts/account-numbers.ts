import { z } from 'zod';
import { CARRIERS } from '../constants';
import { E164_PATTERN } from '../phone';
import { singleLineText } from '../text';
import { ZNumberSearchArea } from './admin-numbers';
import { ZStationId } from './fax-identity';

/**
 * The numbers a customer chooses (decision 112): the owner searches available numbers by country and area code,
 * adds one within the plan's allowance (beyond it, each month billed), releases one (quarantined for
 * NUMBER_QUARANTINE_DAYS before anyone may take it), and names each number's inbox and station id.
 * GET /api/account-numbers, GET /api/account-numbers/available, POST /api/account-numbers,
 * PATCH /api/account-numbers/:id, POST /api/account-numbers/:id/release.
 */
export const NUMBER_QUARANTINE_DAYS = 30;
/** The most numbers one search shows of the inventory, and again of the carriers together (after the inventory's). */
export const AVAILABLE_NUMBERS_LIMIT = 20;

export const ZAccountNumber = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  countryCode: z.string().nullable(),
  /** The station id its faxes give (empty: the number itself). */
  stationId: z.string(),
  /** The inbox its received faxes land in; null: in no inbox (seen by everyone who sees faxes). */
  inboxId: z.string().nullable(),
  assignedAt: z.string().nullable(),
  /** Beyond the plan's allowance: billed each month at `allowance.extraCentsPerMonth`. */
  extra: z.boolean(),
});
export type TAccountNumber = z.infer<typeof ZAccountNumber>;

export const ZAccountNumbers = z.object({
  numbers: z.array(ZAccountNumber),
  allowance: z.object({
    plan: z.string(),
    /** The numbers the plan includes. */
    included: z.number().int().nonnegative(),
    /** What one more number costs a month once the included ones are held; null: no more can be added. */
    extraCentsPerMonth: z.number().int().nullable(),
    currency: z.string(),
  }),
  quarantineDays: z.number().int(),
});
export type TAccountNumbers = z.infer<typeof ZAccountNumbers>;

/** Where a number is searched: a country, an area code in it if given (the back office's carrier search's too). */
export const ZAvailableNumbersQuery = ZNumberSearchArea;
export type TAvailableNumbersQuery = z.input<typeof ZAvailableNumbersQuery>;

export const ZAvailableNumber = z.object({
  phoneNumber: z.string(),
  /** Where it comes from: Faxline's inventory (null), or a carrier that sells it when it is added. */
  carrier: z.enum(CARRIERS).nullable(),
  region: z.string().nullable(),
  locality: z.string().nullable(),
});
export type TAvailableNumber = z.infer<typeof ZAvailableNumber>;

export const ZAvailableNumbersResponse = z.object({
  numbers: z.array(ZAvailableNumber),
  /** Carriers that could not be asked just now: their numbers are missing from this answer. */
  unavailableCarriers: z.array(z.enum(CARRIERS)),
});
export type TAvailableNumbersResponse = z.infer<typeof ZAvailableNumbersResponse>;

export const ZAddAccountNumberRequest = z.object({
  phoneNumber: z.string().check(singleLineText).regex(E164_PATTERN, { error: 'validation.faxNumberE164' }),
  carrier: z.enum(CARRIERS).nullable().default(null),
});
export type TAddAccountNumberRequest = z.input<typeof ZAddAccountNumberRequest>;

export const ZAccountNumberParams = z.object({ id: z.uuid({ error: 'errors.numberNotFound' }) });

export const ZUpdateAccountNumberRequest = z.object({
  stationId: ZStationId.optional(),
  inboxId: z.uuid({ error: 'errors.inboxNotFound' }).nullable().optional(),
});
export type TUpdateAccountNumberRequest = z.input<typeof ZUpdateAccountNumberRequest>;

export const ZReleasedAccountNumber = z.object({ phoneNumber: z.string(), quarantinedUntil: z.string() });
export type TReleasedAccountNumber = z.infer<typeof ZReleasedAccountNumber>;
