import { z } from 'zod';
import { MAX_EMAIL_FAX_SENDERS } from '../constants';
import { singleLineText } from '../text';

/**
 * How strictly a message's sender must prove its domain (SPF, DKIM, DMARC, checked with mailauth): not checked, checked
 * and recorded, or checked and refused when it fails (decision 055).
 */
export const EMAIL_AUTH_POLICIES = ['off', 'report', 'enforce'] as const;
export type TEmailAuthPolicy = (typeof EMAIL_AUTH_POLICIES)[number];

const ZAllowedSenders = z
  .array(z.email({ error: 'validation.email' }).max(254).check(singleLineText))
  .max(MAX_EMAIL_FAX_SENDERS, { error: 'errors.tooManyEmailFaxSenders' })
  .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))]);

/** How long a confirmation link sent to an allowed sender's address stays valid. */
export const SENDER_CONFIRMATION_DAYS = 7;
/** How long an account waits before it may send an address another link. */
export const SENDER_RESEND_MINUTES = 10;

/**
 * Where an allowed address stands (decision 064): `pending` until its owner follows the link sent to it, `expired` when
 * the link ran out unused (a new one may be sent), `active` once confirmed. Only an active address sends faxes.
 */
export const ALLOWED_SENDER_STATUSES = ['pending', 'expired', 'active'] as const;
export type TAllowedSenderStatus = (typeof ALLOWED_SENDER_STATUSES)[number];

export const ZAllowedSender = z.object({
  address: z.string(),
  status: z.enum(ALLOWED_SENDER_STATUSES),
  /** When the link sent expires (ISO 8601); null once confirmed. */
  expiresAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type TAllowedSender = z.infer<typeof ZAllowedSender>;

/**
 * GET and PUT /api/account/email-to-fax (owner and sub-admins). `domain` is where faxes are e-mailed to
 * (`<number's digits>@domain`); `senders` are the outside addresses the account asked for, each with its state;
 * `authPolicy` is the account's choice, or the service's default while it has made none.
 */
export const ZEmailToFaxSettings = z.object({
  domain: z.string(),
  senders: z.array(ZAllowedSender),
  authPolicy: z.enum(EMAIL_AUTH_POLICIES),
  includeBody: z.boolean(),
});
export type TEmailToFaxSettings = z.infer<typeof ZEmailToFaxSettings>;

export const ZSaveEmailToFaxSettingsRequest = z.object({
  allowedSenders: ZAllowedSenders,
  authPolicy: z.enum(EMAIL_AUTH_POLICIES),
  includeBody: z.boolean(),
});
export type TSaveEmailToFaxSettingsRequest = z.input<typeof ZSaveEmailToFaxSettingsRequest>;

/** POST /api/account/email-to-fax/resend: a new link to an address still waiting (the old link stops working). */
export const ZResendSenderConfirmationRequest = z.object({
  address: z
    .email({ error: 'validation.email' })
    .max(254)
    .check(singleLineText)
    .transform((address) => address.toLowerCase()),
});
export type TResendSenderConfirmationRequest = z.input<typeof ZResendSenderConfirmationRequest>;

/** The secret of a confirmation link (32 random bytes, base64url); anything else simply names no link. */
const ZSenderToken = z.string().min(1).max(100).check(singleLineText);

/** GET /api/email-to-fax/sender-confirmation?token= (reads, never confirms) and POST with `{ token }` (confirms). */
export const ZSenderConfirmationQuery = z.object({ token: ZSenderToken });
export const ZConfirmSenderRequest = z.object({ token: ZSenderToken });
export type TConfirmSenderRequest = z.input<typeof ZConfirmSenderRequest>;

/**
 * What the link's page shows the address's owner: which account asks (and who in it), until when, and whether the
 * address now sends for another account (never which one), then whether it is confirmed.
 */
export const ZSenderConfirmation = z.object({
  address: z.string(),
  accountName: z.string(),
  requestedBy: z.string().nullable(),
  expiresAt: z.string(),
  movesFromAnotherAccount: z.boolean(),
  confirmed: z.boolean(),
});
export type TSenderConfirmation = z.infer<typeof ZSenderConfirmation>;
