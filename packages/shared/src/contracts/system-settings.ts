import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';
import { FAX_QUALITIES, type TCarrier } from '../constants';
import { parseCarrierRoutes } from '../carrier-routes';
import { toE164 } from '../phone';

/**
 * The platform's settings (spec 001 §2.11 /admin/settings, §3 System settings, §9 defaults), saved on the server.
 * Several take effect at once: maxFileSizeMB and the API rate limit are enforced by the server, maintenanceMode shows a
 * maintenance page to everyone but platform admins, require2FA 'required' makes everyone enrol, welcomeMessage shows
 * on the user dashboard, the colours theme the back office, notifyOnNewUser e-mails each sign-up and
 * notifyOnFailedPayment each failed payment to adminEmailForNotifications, and the Stripe keys take payments.
 */

export const MAX_FILE_SIZE_MB_LIMIT = 25;
export const REQUIRE_2FA_VALUES = ['optional', 'recommended', 'required'] as const;
export const PGP_VALUES = ['disabled', 'planned'] as const;
export const BACKUP_FREQUENCIES = ['disabled', 'daily', 'weekly', 'monthly'] as const;
/** Fields whose values are credentials: kept encrypted, never sent back in full. */
/** The carriers' keys (decision 058): see CARRIER_SETTINGS. */
export const CARRIER_SECRET_SETTINGS = [
  'telnyxApiKey',
  'signalwireApiToken',
  'signalwireSigningKey',
  'sinchKeySecret',
  'sinchWebhookSecret',
] as const;
/** Stripe's keys (decision 085): in force unless the server's environment sets Stripe's (STRIPE_*). */
export const STRIPE_SECRET_SETTINGS = ['stripeSecretKey', 'stripeWebhookSecret'] as const;
export type TStripeSecretSetting = (typeof STRIPE_SECRET_SETTINGS)[number];
/** Stripe's key formats: a secret (or restricted) key, and a webhook endpoint's signing secret. */
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_\w+$/;
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_\w+$/;
/** PayPal's secrets (decision 095): in force unless the server's environment sets PayPal's (PAYPAL_*). */
export const PAYPAL_SECRET_SETTINGS = ['paypalClientSecret', 'paypalWebhookId'] as const;
export const SECRET_SETTINGS = ['apiKey', ...PAYPAL_SECRET_SETTINGS, ...STRIPE_SECRET_SETTINGS, ...CARRIER_SECRET_SETTINGS] as const;
export type TSecretSetting = (typeof SECRET_SETTINGS)[number];

const ZColour = z
  .string()
  .check(singleLineText)
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colour' });
const ZOptionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2048)]).check(singleLineText);
const ZOptionalEmail = z.union([z.literal(''), z.email({ error: 'validation.email' }).max(254)]).check(singleLineText);
const ZShortText = z.string().trim().max(200).check(singleLineText);

/** The kinds of image a logo or favicon may be, by the path's extension (what a browser shows in an <img> or a tab). */
export const SITE_IMAGE_EXTENSIONS = ['png', 'svg', 'ico', 'jpg', 'jpeg', 'gif', 'webp', 'avif'] as const;
const IMAGE_PATH = new RegExp(`\\.(${SITE_IMAGE_EXTENSIONS.join('|')})$`, 'i');
/**
 * Whether a logo or favicon address is one the site may show (decision 117): an https:// address or a path on this
 * site ("/brand/logo.svg", never "//host"), naming an image; http:// would be mixed content on an https site, and
 * javascript: or data: are refused outright.
 */
export function isSiteImageAddress(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.includes('\\')) return false;
    const path = value.split(/[?#]/)[0]!;
    return /^\/[\w\-./~%]*$/.test(path) && IMAGE_PATH.test(path);
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && IMAGE_PATH.test(url.pathname);
  } catch {
    return false;
  }
}
const ZSiteImageAddress = z.string().trim().max(2048).check(singleLineText).refine(isSiteImageAddress, { error: 'validation.imageUrl' });

/** The contact phone with its country code, as it should read ("+1 604 555 0100"), or '' for none; dialled as E.164. */
const ZContactPhone = z
  .string()
  .trim()
  .max(40)
  .check(singleLineText)
  .refine((value) => value === '' || (value.startsWith('+') && toE164(value) !== null), { error: 'validation.contactPhone' });
/** Telnyx's webhook public key as its portal shows it: 32 bytes in base64. */
const ZOptionalPublicKey = z
  .string()
  .trim()
  .check(singleLineText)
  .refine((key) => key === '' || /^[A-Za-z0-9+/]{43}=$/.test(key), { error: 'validation.publicKey' });

/** The Stripe price list is typed as JSON text in the form; it must parse to [{ label, id }] (spec 001 §5). */
export const ZStripePriceList = z
  .array(z.object({ label: z.string().min(1).max(100).check(singleLineText), id: z.string().min(1).max(200).check(singleLineText) }))
  .max(50);
export function isValidStripePriceListJson(text: string): boolean {
  try {
    return ZStripePriceList.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/**
 * Recipient number ranges the platform refuses, beyond what the numbering plans mark (premium rate, emergency, short
 * codes): one E.164 prefix per line ("+1900"); empty lines are ignored.
 */
export function recipientPrefixesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
const isPrefixList = (text: string) => recipientPrefixesOf(text).every((prefix) => /^\+[1-9]\d{0,14}$/.test(prefix));

export const ZSystemSettingsValues = z.object({
  siteName: z.string().trim().min(1, { error: 'validation.required' }).max(80).check(singleLineText),
  defaultEmail: ZOptionalEmail,
  maintenanceMode: z.boolean(),
  maxFileSizeMB: z
    .number()
    .int({ error: 'validation.wholeNumber' })
    .min(1, { error: 'validation.range' })
    .max(MAX_FILE_SIZE_MB_LIMIT, { error: 'validation.range' }),
  defaultFaxResolution: z.enum(FAX_QUALITIES),
  apiRateLimit: z
    .number()
    .int({ error: 'validation.wholeNumber' })
    .min(10, { error: 'validation.range' })
    .max(100_000, { error: 'validation.range' }),
  apiRateLimitWindowMinutes: z
    .number()
    .int({ error: 'validation.wholeNumber' })
    .min(1, { error: 'validation.range' })
    .max(1440, { error: 'validation.range' }),
  welcomeMessage: z.string().trim().max(500).check(multiLineText),
  /** Faxline as the seller on its invoices: legal name, postal address, tax id, a line each (empty: the site name). */
  invoiceSellerDetails: z.string().trim().max(500).check(multiLineText),
  ssoEnabled: z.boolean(),
  require2FA: z.enum(REQUIRE_2FA_VALUES),
  pgpEnabled: z.enum(PGP_VALUES),
  stripePublishableKey: ZShortText,
  stripeDefaultPriceId: ZShortText,
  stripeAdditionalPriceIds: z
    .string()
    .max(10_000)
    .check(multiLineText)
    .refine(isValidStripePriceListJson, { error: 'validation.stripePriceListJson' }),
  paypalClientId: ZShortText,
  adminEmailForNotifications: ZOptionalEmail,
  notifyOnNewUser: z.boolean(),
  notifyOnFailedPayment: z.boolean(),
  automaticBackups: z.enum(BACKUP_FREQUENCIES),
  backupRetentionDays: z
    .number()
    .int({ error: 'validation.wholeNumber' })
    .min(1, { error: 'validation.range' })
    .max(3650, { error: 'validation.range' }),
  primaryColor: ZColour,
  secondaryColor: ZColour,
  adminLogoUrl: ZSiteImageAddress,
  faviconUrl: ZSiteImageAddress,
  // How to reach Faxline (/contact, the footer, decision 117): a detail left empty is not shown at all.
  contactPhone: ZContactPhone,
  contactEmail: ZOptionalEmail,
  salesEmail: ZOptionalEmail,
  privacyEmail: ZOptionalEmail,
  /** The office's postal address, a line each; several offices are separated by an empty line. */
  contactAddress: z.string().trim().max(1000).check(multiLineText),
  /** Support hours as people should read them ("Monday to Friday, 9:00 to 17:00 Pacific time"), a line each. */
  supportHours: z.string().trim().max(500).check(multiLineText),
  /** The same hours in Spanish and French; empty shows the English text to those readers (as announcements, decision 118). */
  supportHoursEs: z.string().trim().max(500).check(multiLineText),
  supportHoursFr: z.string().trim().max(500).check(multiLineText),
  blockedRecipientPrefixes: z.string().max(2000).check(multiLineText).refine(isPrefixList, { error: 'validation.prefixList' }),
  /** Callers whose faxes every account refuses (junk fax senders), one prefix per line: the call is rejected. */
  blockedCallerPrefixes: z.string().max(2000).check(multiLineText).refine(isPrefixList, { error: 'validation.prefixList' }),
  /** Faxes an account may send in a day while it is new (0: no limit), against fax spam from fresh sign-ups. */
  newAccountDailyFaxLimit: z
    .number()
    .int({ error: 'validation.wholeNumber' })
    .min(0, { error: 'validation.range' })
    .max(100_000, { error: 'validation.range' }),
  /** How long an account counts as new, from its creation. */
  newAccountDays: z
    .number()
    .int({ error: 'validation.wholeNumber' })
    .min(1, { error: 'validation.range' })
    .max(365, { error: 'validation.range' }),
  // The fax carriers (decision 058): what identifies Faxline's account at each; the keys are secrets.
  telnyxConnectionId: ZShortText,
  telnyxPublicKey: ZOptionalPublicKey,
  signalwireSpaceUrl: ZOptionalUrl,
  signalwireProjectId: ZShortText,
  sinchProjectId: ZShortText,
  sinchKeyId: ZShortText,
  /** Which carrier takes which numbers: `prefix=primary>fallback` rules, one per line (decision 057). */
  carrierRoutes: z
    .string()
    .max(2000)
    .check(multiLineText)
    .refine((text) => parseCarrierRoutes(text) !== null, { error: 'validation.carrierRoutes' }),
});
export type TSystemSettingsValues = z.infer<typeof ZSystemSettingsValues>;

/**
 * Settings stored and kept, but that nothing reads yet (decision 039): the back office shows them disabled and
 * "Planned" (spec 001 §9: "PGP control is disabled"). A setting leaves this list in the change that makes it take effect.
 */
export const PLANNED_SYSTEM_SETTINGS = [
  'pgpEnabled',
  'apiKey',
  // Checkout is Stripe's hosted page, which needs no publishable key; each plan names its own prices (decision 085).
  'stripePublishableKey',
  'stripeDefaultPriceId',
  'stripeAdditionalPriceIds',
] as const satisfies readonly (keyof TSystemSettingsValues | TSecretSetting)[];
export function isPlannedSystemSetting(name: string): boolean {
  return (PLANNED_SYSTEM_SETTINGS as readonly string[]).includes(name);
}

/** §9's defaults. */
export const DEFAULT_SYSTEM_SETTINGS: TSystemSettingsValues = {
  siteName: 'Faxline',
  defaultEmail: '',
  maintenanceMode: false,
  maxFileSizeMB: 10,
  defaultFaxResolution: 'standard',
  apiRateLimit: 100,
  apiRateLimitWindowMinutes: 1,
  welcomeMessage: '',
  invoiceSellerDetails: '',
  ssoEnabled: false,
  require2FA: 'optional',
  pgpEnabled: 'disabled',
  stripePublishableKey: '',
  stripeDefaultPriceId: '',
  stripeAdditionalPriceIds: '[]',
  paypalClientId: '',
  adminEmailForNotifications: '',
  notifyOnNewUser: true,
  notifyOnFailedPayment: true,
  automaticBackups: 'daily',
  backupRetentionDays: 30,
  primaryColor: '#6D28D9',
  secondaryColor: '#DB2777',
  adminLogoUrl: '',
  faviconUrl: '',
  contactPhone: '',
  contactEmail: '',
  salesEmail: '',
  privacyEmail: '',
  contactAddress: '',
  supportHours: '',
  supportHoursEs: '',
  supportHoursFr: '',
  // United States premium-rate area codes: 900 (which the numbering plan data marks too) and the older 976 (which it
  // does not).
  blockedRecipientPrefixes: '+1900\n+1976',
  blockedCallerPrefixes: '',
  newAccountDailyFaxLimit: 25,
  newAccountDays: 14,
  telnyxConnectionId: '',
  telnyxPublicKey: '',
  signalwireSpaceUrl: '',
  signalwireProjectId: '',
  sinchProjectId: '',
  sinchKeyId: '',
  carrierRoutes: '',
};

/**
 * What configures each carrier (decision 058): all of it, or none (then the carrier is not used). The values are
 * settings, the keys secrets.
 */
export const CARRIER_SETTINGS = {
  telnyx: ['telnyxApiKey', 'telnyxConnectionId', 'telnyxPublicKey'],
  signalwire: ['signalwireSpaceUrl', 'signalwireProjectId', 'signalwireApiToken', 'signalwireSigningKey'],
  sinch: ['sinchProjectId', 'sinchKeyId', 'sinchKeySecret', 'sinchWebhookSecret'],
} as const satisfies Record<TCarrier, readonly (keyof TSystemSettingsValues | TSecretSetting)[]>;
export type TCarrierSetting = (typeof CARRIER_SETTINGS)[TCarrier][number];

/** The carrier settings that are values, not secrets: resetting the other settings keeps them, as it keeps secrets. */
export const CARRIER_VALUE_SETTINGS = [
  'telnyxConnectionId',
  'telnyxPublicKey',
  'signalwireSpaceUrl',
  'signalwireProjectId',
  'sinchProjectId',
  'sinchKeyId',
  'carrierRoutes',
] as const satisfies readonly (keyof TSystemSettingsValues)[];

/** How a stored secret is shown: whether one is set, and its last four characters. */
export const ZSecretView = z.object({ set: z.boolean(), last4: z.string().nullable() });
export type TSecretView = z.infer<typeof ZSecretView>;

/** GET /api/admin/settings. */
export const ZSystemSettingsResponse = z.object({
  values: ZSystemSettingsValues,
  secrets: z.record(z.enum(SECRET_SETTINGS), ZSecretView),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * The server's environment configures the carriers (TELNYX_*, SIGNALWIRE_*, SINCH_*, CARRIER_ROUTES): it is then
   * in force, and the back office's carrier settings can be neither changed nor used (decision 058).
   */
  carriersFromEnvironment: z.boolean(),
  /** The environment sets Stripe's keys (STRIPE_*, or the test mode's simulator): they are in force, not these (decision 085). */
  stripeFromEnvironment: z.boolean(),
  /** The environment sets PayPal's keys (PAYPAL_*, or the test mode's simulator): they are in force, not these (decision 095). */
  paypalFromEnvironment: z.boolean(),
});
export type TSystemSettingsResponse = z.infer<typeof ZSystemSettingsResponse>;

/**
 * PUT /api/admin/settings: every value, and for each secret either a new value, '' to remove it, or nothing to keep
 * the stored one.
 */
export const ZSaveSystemSettingsRequest = z.object({
  values: ZSystemSettingsValues,
  secrets: z.partialRecord(z.enum(SECRET_SETTINGS), z.string().max(500).check(singleLineText)).default({}),
});
export type TSaveSystemSettingsRequest = z.input<typeof ZSaveSystemSettingsRequest>;

/** GET /api/platform: what every page may know (maintenance, limits, theme). */
export const ZPlatformInfo = z.object({
  siteName: z.string(),
  maintenanceMode: z.boolean(),
  maxFileSizeMB: z.number().int(),
  defaultFaxResolution: z.enum(FAX_QUALITIES),
  require2FA: z.enum(REQUIRE_2FA_VALUES),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** The numbers outside Faxline the sandbox line takes: every one (development), or its test numbers only. */
  sandboxLine: z.enum(['every-number', 'test-numbers']),
  /** What a real line (HylaFAX, a carrier) serves of the numbers outside Faxline: none, all, or those with these prefixes. */
  outsideLine: z.union([z.literal('all'), z.array(z.string())]).nullable(),
  /** Where faxes are e-mailed to: `<number's digits>@faxEmailDomain`. */
  faxEmailDomain: z.string(),
  /** The automatic backups' frequency and retention, which the privacy policy states (decision 110). */
  automaticBackups: z.enum(BACKUP_FREQUENCIES),
  backupRetentionDays: z.number().int(),
  /** The tab's icon and the back office's logo ('' : Faxline's own), decision 117. */
  faviconUrl: z.string(),
  adminLogoUrl: z.string(),
  /** How to reach Faxline; an empty detail is shown nowhere (never a placeholder). */
  contact: z.object({
    phone: z.string(),
    email: z.string(),
    salesEmail: z.string(),
    privacyEmail: z.string(),
    address: z.string(),
    /** Support hours in English, and in Spanish and French ('' : the reader is shown the English text). */
    hours: z.string(),
    hoursEs: z.string(),
    hoursFr: z.string(),
  }),
});
export type TPlatformInfo = z.infer<typeof ZPlatformInfo>;
