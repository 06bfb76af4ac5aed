import { z } from 'zod';
import { E164_PATTERN } from '../phone';
import { multiLineText, singleLineText } from '../text';

/**
 * Number porting (spec 000 /porting-your-number; decision 113): a customer asks to bring numbers they hold elsewhere,
 * with the holder's details exactly as on the bill, the latest bill and a letter of authorisation signed in the
 * browser; the back office works the request (by hand, or through a carrier's port order) until it is completed, when
 * the numbers become the account's, or rejected with a reason. Each status is e-mailed.
 */
export const PORTING_STATUSES = ['submitted', 'in_review', 'approved', 'completed', 'rejected'] as const;
export type TPortingStatus = (typeof PORTING_STATUSES)[number];
/** The statuses a request is still worked in (the back office's queue shows these first). */
export const OPEN_PORTING_STATUSES = ['submitted', 'in_review', 'approved'] as const satisfies readonly TPortingStatus[];
/** The carriers Faxline can send a port order to; a request worked without one is worked by hand. */
export const PORTING_CARRIERS = ['telnyx'] as const;
export type TPortingCarrier = (typeof PORTING_CARRIERS)[number];

/** At most this many numbers in one request (a bill's numbers; more go in another request). */
export const MAX_PORTING_NUMBERS = 20;
/** The bill's file: PDF or a photo of it, at most this size (a bill, not a fax). */
export const MAX_PORTING_BILL_MB = 10;
export const MAX_PORTING_REASON_LENGTH = 500;
const FIELD_MAX = 120;

/** What people type ("+1 415 555-0100") in E.164. */
const ZPortedNumber = z
  .string({ error: 'validation.faxNumberE164' })
  .trim()
  .check(singleLineText)
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(E164_PATTERN, { error: 'validation.faxNumberE164' }));

const requiredText = (key: string, max = FIELD_MAX) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.portingFieldTooLong' }).check(singleLineText);
const optionalText = (max = FIELD_MAX) =>
  z.string().trim().max(max, { error: 'validation.portingFieldTooLong' }).check(singleLineText).default('');

/** A day as YYYY-MM-DD that exists on the calendar. */
export const ZPortingDay = z.iso.date({ error: 'validation.portingDate' });

/** The holder of the numbers as the current provider's bill names them: every letter as on the bill. */
export const ZPortingHolder = z.object({
  /** The account holder's name (a person or a business) on the bill. */
  name: requiredText('validation.portingHolderName'),
  /** The current provider (the losing carrier), as on the bill. */
  currentProvider: requiredText('validation.portingProvider'),
  /** The account number with the current provider, as on the bill. */
  accountNumber: requiredText('validation.portingAccountNumber', 60),
  /** A PIN or passcode, when the provider has one for porting. */
  pin: optionalText(20),
  street: requiredText('validation.portingStreet'),
  city: requiredText('validation.portingCity'),
  region: optionalText(),
  postalCode: requiredText('validation.portingPostalCode', 20),
  country: z
    .string({ error: 'validation.portingCountry' })
    .trim()
    .toUpperCase()
    .check(singleLineText)
    .regex(/^[A-Z]{2}$/, { error: 'validation.portingCountry' }),
});
export type TPortingHolder = z.infer<typeof ZPortingHolder>;

/**
 * POST /api/porting-requests, the `request.json` part of a multipart form whose `bill` part is the latest bill: the
 * numbers, the holder, and the letter of authorisation signed by typing a name and the day, with the box ticked.
 */
export const ZPortingRequestForm = z.object({
  numbers: z
    .array(ZPortedNumber, { error: 'validation.portingNumbersRequired' })
    .min(1, { error: 'validation.portingNumbersRequired' })
    .max(MAX_PORTING_NUMBERS, { error: 'validation.portingTooManyNumbers' })
    .refine((numbers) => new Set(numbers).size === numbers.length, { error: 'validation.portingDuplicateNumbers' }),
  holder: ZPortingHolder,
  signature: z.object({
    name: requiredText('validation.portingSignatureName'),
    date: ZPortingDay,
  }),
  authorised: z.literal(true, { error: 'validation.portingAuthoriseRequired' }),
});
export type TPortingRequestForm = z.input<typeof ZPortingRequestForm>;

export const ZPortingRequest = z.object({
  id: z.string(),
  numbers: z.array(z.string()),
  status: z.enum(PORTING_STATUSES),
  holder: ZPortingHolder,
  signedName: z.string(),
  signedOn: z.string(),
  billFileName: z.string(),
  /** The day the numbers move (approved with a date). */
  portDate: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  carrier: z.enum(PORTING_CARRIERS).nullable(),
  /** The carrier's order id, and its status in its own words, when the request went through a carrier. */
  carrierOrderId: z.string().nullable(),
  carrierStatus: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TPortingRequest = z.infer<typeof ZPortingRequest>;

export const ZPortingRequestsResponse = z.object({ requests: z.array(ZPortingRequest) });
/** A request's id is a UUID: anything else names none (and never reaches the database). */
export const ZPortingRequestParams = z.object({ id: z.uuid() });

/** The back office's queue: one status, or the open ones (default). */
export const ZAdminPortingQuery = z.object({ status: z.enum([...PORTING_STATUSES, 'open']).default('open') });
export const ZAdminPortingRequest = ZPortingRequest.extend({
  accountId: z.string(),
  accountName: z.string(),
  ownerEmail: z.string().nullable(),
});
export type TAdminPortingRequest = z.infer<typeof ZAdminPortingRequest>;
export const ZAdminPortingResponse = z.object({ requests: z.array(ZAdminPortingRequest), carriers: z.array(z.enum(PORTING_CARRIERS)) });

/** Takes a submitted request in review: by hand (`carrier` null), or by sending the carrier a port order. */
export const ZReviewPortingRequest = z.object({ carrier: z.enum(PORTING_CARRIERS).nullable() });
/** Approves a request with the day its numbers move. */
export const ZApprovePortingRequest = z.object({ portDate: ZPortingDay });
export const ZRejectPortingRequest = z.object({
  reason: z
    .string({ error: 'validation.portingReasonRequired' })
    .trim()
    .min(1, { error: 'validation.portingReasonRequired' })
    .max(MAX_PORTING_REASON_LENGTH, { error: 'validation.portingReasonTooLong' })
    .check(multiLineText),
});
