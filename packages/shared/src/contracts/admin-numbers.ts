import { z } from 'zod';
import { CARRIERS, NUMBER_PROVIDER_MAX_LENGTH } from '../constants';
import { singleLineText } from '../text';
import { E164_PATTERN } from '../phone';

/**
 * Back-office fax numbers (spec 001 §2.11, §3 `fax_numbers`, §4, §5 "Admin numbers", §7, §9): the inventory, each
 * number available or assigned to a customer account (DESIGN.md), with its owner's e-mail for display.
 */
export const NUMBER_TYPES = ['local', 'toll_free', 'national', 'mobile'] as const;
export type TNumberType = (typeof NUMBER_TYPES)[number];
export const DEFAULT_NUMBER_PROVIDER = 'faxline';
/** At most this many numbers are added in one go (a range from-to). */
export const NUMBER_RANGE_MAX = 1000;
/** ISO 3166-1 alpha-2: a country is two letters. */
export const COUNTRY_CODE_LENGTH = 2;
export const ADMIN_NUMBERS_PAGE_SIZE = 50;
export const NUMBER_SEARCH_LIMIT = 100;
/** The assign dialog's user search (spec 001 §5, §9): from 2 characters, 10 results, 500 ms after typing stops. */
export const USER_SEARCH_MIN_CHARS = 2;
export const USER_SEARCH_LIMIT = 10;
export const USER_SEARCH_DEBOUNCE_MS = 500;

export const NUMBER_LISTS = ['available', 'assigned'] as const;
export type TNumberList = (typeof NUMBER_LISTS)[number];

export const ZAdminNumber = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  numberType: z.string(),
  provider: z.string(),
  countryCode: z.string().nullable(),
  /** 'available', or (any other value) assigned (spec 001 §4). */
  status: z.string(),
  accountId: z.string().nullable(),
  /** The account owner, or null when it cannot be read (the page then shows an ID fragment, spec 001 §8 'Warning'). */
  owner: z.object({ userId: z.string(), email: z.string(), name: z.string() }).nullable(),
  assignedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Ordered from a carrier: while available, it may be given back to the carrier. */
  fromCarrier: z.boolean(),
  /** Until when a customer's release keeps it from everyone (decision 112); null: no quarantine. */
  quarantinedUntil: z.string().nullable(),
});
export type TAdminNumber = z.infer<typeof ZAdminNumber>;

/** A carrier search gives at most this many numbers. */
export const CARRIER_NUMBER_SEARCH_LIMIT = 20;

/** GET /api/admin/carrier-numbers: the carriers this server has, which numbers can be ordered from. */
export const ZCarrierNumbersInfo = z.object({ carriers: z.array(z.enum(CARRIERS)) });
export type TCarrierNumbersInfo = z.infer<typeof ZCarrierNumbersInfo>;

/** GET /api/admin/carrier-numbers/search: a carrier's numbers for sale in a country, in an area code if given. */
export const ZNumberSearchArea = z.object({
  country: z
    .string()
    .check(singleLineText)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'validation.countryCode' }),
  areaCode: z
    .string()
    .check(singleLineText)
    .trim()
    .regex(/^\d{1,6}$/, { error: 'validation.areaCode' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const ZCarrierNumberSearchQuery = ZNumberSearchArea.extend({ carrier: z.enum(CARRIERS) });
export type TCarrierNumberSearchQuery = z.input<typeof ZCarrierNumberSearchQuery>;

export const ZCarrierNumberOffer = z.object({
  number: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  locality: z.string().nullable(),
  monthlyPrice: z.string().nullable(),
});
export type TCarrierNumberOffer = z.infer<typeof ZCarrierNumberOffer>;
export const ZCarrierNumberSearchResponse = z.object({ numbers: z.array(ZCarrierNumberOffer) });
export type TCarrierNumberSearchResponse = z.infer<typeof ZCarrierNumberSearchResponse>;

/** POST /api/admin/carrier-numbers: buys a number from the carrier into the inventory, available. */
export const ZOrderCarrierNumberRequest = z.object({
  carrier: z.enum(CARRIERS),
  phoneNumber: z
    .string({ error: 'validation.faxNumberE164' })
    .check(singleLineText)
    .trim()
    .regex(E164_PATTERN, { error: 'validation.faxNumberE164' }),
});
export type TOrderCarrierNumberRequest = z.infer<typeof ZOrderCarrierNumberRequest>;

/** GET /api/admin/numbers: available newest first, or assigned most recently assigned first (spec 001 §7). */
export const ZAdminNumbersQuery = z.object({
  status: z.enum(NUMBER_LISTS).default('available'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TAdminNumbersQuery = z.input<typeof ZAdminNumbersQuery>;
export const ZAdminNumbersResponse = z.object({
  numbers: z.array(ZAdminNumber),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type TAdminNumbersResponse = z.infer<typeof ZAdminNumbersResponse>;

/** What people type ("+1 415 555-0100") in E.164 ("+14155550100"); anything else is refused with the E.164 hint. */
const ZE164Input = z
  .string({ error: 'validation.faxNumberE164' })
  .trim()
  .check(singleLineText)
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(E164_PATTERN, { error: 'validation.faxNumberE164' }));

const ZNumberType = z.enum(NUMBER_TYPES, { error: 'validation.numberType' });
const ZProvider = z
  .string({ error: 'validation.numberProvider' })
  .trim()
  .check(singleLineText)
  .min(1, { error: 'validation.numberProvider' })
  .max(NUMBER_PROVIDER_MAX_LENGTH, { error: 'validation.numberProvider' })
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9 ._-]*$/, { error: 'validation.numberProvider' });
/** ISO 3166-1 alpha-2 ("US"); null or "" for unknown. */
const ZCountryCode = z
  .string({ error: 'validation.countryCode' })
  .trim()
  .check(singleLineText)
  .toUpperCase()
  .regex(new RegExp(`^([A-Z]{${COUNTRY_CODE_LENGTH}})?$`), { error: 'validation.countryCode' })
  .transform((value) => value || null)
  .nullable();

/**
 * POST /api/admin/numbers: one number (`from`), or every number from `from` to `to` (same length, at most
 * NUMBER_RANGE_MAX). The country defaults to the one each number belongs to.
 */
export const ZAddNumbersRequest = z.object({
  from: ZE164Input,
  to: ZE164Input.nullish(),
  numberType: ZNumberType.default('local'),
  provider: ZProvider.default(DEFAULT_NUMBER_PROVIDER),
  countryCode: ZCountryCode.optional(),
});
export type TAddNumbersRequest = z.input<typeof ZAddNumbersRequest>;
export const ZAddNumbersResponse = z.object({ added: z.number().int().positive(), numbers: z.array(ZAdminNumber) });
export type TAddNumbersResponse = z.infer<typeof ZAddNumbersResponse>;

/** PATCH /api/admin/numbers/:id: the number's type, provider and country (the number itself is its identity). */
export const ZEditNumberRequest = z.object({
  numberType: ZNumberType.optional(),
  provider: ZProvider.optional(),
  countryCode: ZCountryCode.optional(),
});
export type TEditNumberRequest = z.input<typeof ZEditNumberRequest>;

/** POST /api/admin/numbers/:id/assign: to the account of the chosen person (spec 001 §5 'Please select a user.'). */
export const ZAssignNumberRequest = z.object({
  userId: z.string({ error: 'validation.selectUser' }).trim().min(1, { error: 'validation.selectUser' }).max(64).check(singleLineText),
});
export type TAssignNumberRequest = z.input<typeof ZAssignNumberRequest>;

export const ZAdminNumberParams = z.object({ id: z.string().min(1).max(64).check(singleLineText) });

/** GET /api/admin/numbers/search?q=: digits of the number, a country code or a number type, in the whole inventory. */
export const ZNumberSearchQuery = z.object({
  q: z
    .string({ error: 'validation.numberSearchCriteria' })
    .trim()
    .min(1, { error: 'validation.numberSearchCriteria' })
    .max(40)
    .check(singleLineText),
});
export const ZNumberSearchResponse = z.object({
  numbers: z.array(ZAdminNumber),
  /** More numbers matched than NUMBER_SEARCH_LIMIT: the search should be narrowed. */
  truncated: z.boolean(),
});
export type TNumberSearchResponse = z.infer<typeof ZNumberSearchResponse>;

/** GET /api/admin/user-search?email=: people whose e-mail contains the text (spec 001 §7). */
export const ZUserSearchQuery = z.object({
  email: z
    .string({ error: 'validation.userSearchTooShort' })
    .trim()
    .min(USER_SEARCH_MIN_CHARS, { error: 'validation.userSearchTooShort' })
    .max(254)
    .check(singleLineText),
});
export const ZUserSearchResult = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type TUserSearchResult = z.infer<typeof ZUserSearchResult>;
export const ZUserSearchResponse = z.object({ users: z.array(ZUserSearchResult) });
export type TUserSearchResponse = z.infer<typeof ZUserSearchResponse>;
