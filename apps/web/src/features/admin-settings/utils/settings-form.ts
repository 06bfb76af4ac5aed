import {
  SECRET_SETTINGS,
  ZSystemSettingsValues,
  isValidStripePriceListJson,
  type TSaveSystemSettingsRequest,
  type TSecretSetting,
  type TSystemSettingsValues,
} from '@faxline/shared';

export type TSettingName = keyof TSystemSettingsValues;

/** Settings that are numbers are edited as the inputs' text, so that an empty or half-typed value can be shown and checked. */
export const NUMBER_SETTINGS = [
  'maxFileSizeMB',
  'apiRateLimit',
  'apiRateLimitWindowMinutes',
  'backupRetentionDays',
  'newAccountDailyFaxLimit',
  'newAccountDays',
] as const;
type TNumberSetting = (typeof NUMBER_SETTINGS)[number];

export type TSettingsDraft = Omit<TSystemSettingsValues, TNumberSetting> & Record<TNumberSetting, string>;

/** What the form will do with a stored secret: replace it with the typed value, remove it, or (neither) keep it. */
export type TSecretEdit = { replacement: string; remove: boolean };
export type TSecretEdits = Record<TSecretSetting, TSecretEdit>;

/**
 * The shared schema's messages (keys of the shared `messages` namespace) that a setting can fail with, and the web
 * app's generic `validation.invalid` (errors namespace) for anything else.
 */
export const SETTING_ERROR_KEYS = [
  'validation.required',
  'validation.email',
  'validation.url',
  'validation.colour',
  'validation.wholeNumber',
  'validation.range',
  'validation.stripePriceListJson',
  'validation.prefixList',
  'validation.carrierRoutes',
  'validation.publicKey',
  'validation.imageUrl',
  'validation.contactPhone',
  'validation.invalid',
] as const;
export type TSettingErrorKey = (typeof SETTING_ERROR_KEYS)[number];

/** A field's problem: a key to translate (found here), or the server's message, already in the person's language. */
export type TFieldError = { key: TSettingErrorKey } | { message: string };
export type TFieldName = TSettingName | TSecretSetting;
export type TFieldErrors = Partial<Record<TFieldName, TFieldError>>;

/** The order of the fields on the page, so that the first problem reported is the first one a person meets. */
export const FIELD_ORDER: readonly TFieldName[] = [
  'siteName',
  'defaultEmail',
  'maintenanceMode',
  'maxFileSizeMB',
  'defaultFaxResolution',
  'welcomeMessage',
  'invoiceSellerDetails',
  'contactPhone',
  'contactEmail',
  'salesEmail',
  'privacyEmail',
  'contactAddress',
  'supportHours',
  'supportHoursEs',
  'supportHoursFr',
  'ssoEnabled',
  'require2FA',
  'pgpEnabled',
  'blockedRecipientPrefixes',
  'blockedCallerPrefixes',
  'newAccountDailyFaxLimit',
  'newAccountDays',
  'apiKey',
  'apiRateLimit',
  'apiRateLimitWindowMinutes',
  'telnyxApiKey',
  'telnyxConnectionId',
  'telnyxPublicKey',
  'signalwireSpaceUrl',
  'signalwireProjectId',
  'signalwireApiToken',
  'signalwireSigningKey',
  'sinchProjectId',
  'sinchKeyId',
  'sinchKeySecret',
  'sinchWebhookSecret',
  'carrierRoutes',
  'stripePublishableKey',
  'stripeDefaultPriceId',
  'stripeAdditionalPriceIds',
  'paypalClientId',
  'paypalClientSecret',
  'paypalWebhookId',
  'adminEmailForNotifications',
  'notifyOnNewUser',
  'notifyOnFailedPayment',
  'automaticBackups',
  'backupRetentionDays',
  'primaryColor',
  'secondaryColor',
  'adminLogoUrl',
  'faviconUrl',
];

export function draftOf(values: TSystemSettingsValues): TSettingsDraft {
  return {
    ...values,
    maxFileSizeMB: String(values.maxFileSizeMB),
    apiRateLimit: String(values.apiRateLimit),
    apiRateLimitWindowMinutes: String(values.apiRateLimitWindowMinutes),
    backupRetentionDays: String(values.backupRetentionDays),
    newAccountDailyFaxLimit: String(values.newAccountDailyFaxLimit),
    newAccountDays: String(values.newAccountDays),
  };
}

export const noSecretEdits = (): TSecretEdits =>
  Object.fromEntries(SECRET_SETTINGS.map((name) => [name, { replacement: '', remove: false }])) as TSecretEdits;

// An empty input is NaN, which the schema refuses; the message then comes from the text (see messageOf).
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The draft as the request's values. An empty price list means none ('[]'), not a JSON mistake. */
export function valuesOf(draft: TSettingsDraft): TSystemSettingsValues {
  return {
    ...draft,
    maxFileSizeMB: numberOf(draft.maxFileSizeMB),
    apiRateLimit: numberOf(draft.apiRateLimit),
    apiRateLimitWindowMinutes: numberOf(draft.apiRateLimitWindowMinutes),
    backupRetentionDays: numberOf(draft.backupRetentionDays),
    newAccountDailyFaxLimit: numberOf(draft.newAccountDailyFaxLimit),
    newAccountDays: numberOf(draft.newAccountDays),
    stripeAdditionalPriceIds: draft.stripeAdditionalPriceIds.trim() === '' ? '[]' : draft.stripeAdditionalPriceIds,
  };
}

function messageOf(message: string, field: TSettingName, draft: TSettingsDraft): TSettingErrorKey {
  if ((SETTING_ERROR_KEYS as readonly string[]).includes(message)) return message as TSettingErrorKey;
  // Zod's own "expected number, received NaN": the input was left empty.
  const text = draft[field];
  if (typeof text === 'string' && text.trim() === '') return 'validation.required';
  return (NUMBER_SETTINGS as readonly string[]).includes(field) ? 'validation.wholeNumber' : 'validation.invalid';
}

export const firstField = (errors: TFieldErrors): TFieldName | null => FIELD_ORDER.find((name) => errors[name]) ?? null;

export type TDraftCheck =
  | { ok: true; values: TSystemSettingsValues }
  /** `priceListInvalid`: the spec's own check failed (spec 001 §5), reported with its own toast. */
  | { ok: false; errors: TFieldErrors; first: TFieldName; priceListInvalid: boolean };

/** The checks of the shared schema, as the server will make them, with each problem on its field. */
export function checkDraft(draft: TSettingsDraft): TDraftCheck {
  const values = valuesOf(draft);
  const errors: TFieldErrors = {};
  const priceListInvalid = !isValidStripePriceListJson(values.stripeAdditionalPriceIds);
  if (priceListInvalid) errors.stripeAdditionalPriceIds = { key: 'validation.stripePriceListJson' };
  const parsed = ZSystemSettingsValues.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in draft) || errors[field as TSettingName]) continue;
      errors[field as TSettingName] = { key: messageOf(issue.message, field as TSettingName, draft) };
    }
  }
  const first = firstField(errors);
  return first ? { ok: false, errors, first, priceListInvalid } : { ok: true, values: parsed.success ? parsed.data : values };
}

/** The request's secrets: '' removes one, a typed value replaces it, and one left alone is not sent (kept). */
export function secretsOf(edits: TSecretEdits): NonNullable<TSaveSystemSettingsRequest['secrets']> {
  const secrets: NonNullable<TSaveSystemSettingsRequest['secrets']> = {};
  for (const name of SECRET_SETTINGS) {
    const { replacement, remove } = edits[name];
    if (remove) secrets[name] = '';
    else if (replacement.trim() !== '') secrets[name] = replacement.trim();
  }
  return secrets;
}

export const hasSecretEdits = (edits: TSecretEdits) => Object.keys(secretsOf(edits)).length > 0;

/**
 * The fields named by a refused request's issues (`body.values.primaryColor`, `body.secrets.apiKey`), with the
 * server's message for each.
 */
export function fieldErrorsOf(issues: readonly { path: string; message: string }[]): TFieldErrors {
  const errors: TFieldErrors = {};
  for (const { path, message } of issues) {
    const name = /(?:^|\.)(?:values|secrets)\.([A-Za-z0-9]+)/.exec(path)?.[1];
    if (name && (FIELD_ORDER as readonly string[]).includes(name) && !errors[name as TFieldName]) {
      errors[name as TFieldName] = { message };
    }
  }
  return errors;
}
