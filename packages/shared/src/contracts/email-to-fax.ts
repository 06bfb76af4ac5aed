import { z } from 'zod';
import { MAX_EMAIL_FAX_SENDERS } from '../constants';
import { singleLineText } from '../text';

/**
 * How strictly a message's sender must prove its domain (SPF, DKIM, DMARC, checked with mailauth): not checked, checked
 * and recorded, or checked and refused when it fails (issue 19, decision 055).
 */
export const EMAIL_AUTH_POLICIES = ['off', 'report', 'enforce'] as const;
export type TEmailAuthPolicy = (typeof EMAIL_AUTH_POLICIES)[number];

const ZAllowedSenders = z
  .array(z.email({ error: 'validation.email' }).max(254).check(singleLineText))
  .max(MAX_EMAIL_FAX_SENDERS, { error: 'errors.tooManyEmailFaxSenders' })
  .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))]);

/**
 * GET and PUT /api/account/email-to-fax (issue 19; owner and sub-admins). `domain` is where faxes are e-mailed to
 * (`<number's digits>@domain`); `authPolicy` is the account's choice, or the service's default while it has made none.
 */
export const ZEmailToFaxSettings = z.object({
  domain: z.string(),
  allowedSenders: z.array(z.string()),
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
