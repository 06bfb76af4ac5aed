import { z } from 'zod';
import { FAX_QUALITIES } from '../constants';

/** Notification and fax preferences (spec 001 §2.5, §3), saved on the server. */
export const ZSettings = z.object({
  faxReceived: z.boolean(),
  faxSentConfirmation: z.boolean(),
  promotionalOffers: z.boolean(),
  defaultFaxQuality: z.enum(FAX_QUALITIES),
});
export type TSettings = z.infer<typeof ZSettings>;
export const DEFAULT_SETTINGS: TSettings = {
  faxReceived: true,
  faxSentConfirmation: true,
  promotionalOffers: false,
  defaultFaxQuality: 'standard',
};

/** Pages used this month against the plan (the dashboard, and Billing contacts). */
export const ZUsage = z.object({
  plan: z.object({ name: z.string(), pagesPerMonth: z.number().int().nullable() }).nullable(),
  pagesUsed: z.number().int(),
  periodStart: z.iso.datetime({ offset: true }),
  periodEnd: z.iso.datetime({ offset: true }),
});
export type TUsage = z.infer<typeof ZUsage>;

/** Deleting the account (spec 001 §2.5 dialog) needs the owner's password. */
export const ZDeleteAccountRequest = z.object({ password: z.string().min(1, { error: 'validation.required' }).max(128) });
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;
