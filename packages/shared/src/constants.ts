// Product constants from the specification (spec 000 §9, spec 001 §9 and DESIGN.md). Defined once, used on both sides.

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/**
 * The platform's shortest password (NIST SP 800-63B: at least 8, checked against breached and common passwords). An
 * account's owner may ask for more, up to PASSWORD_POLICY_MAX_LENGTH; a HIPAA plan starts at HIPAA_PASSWORD_MIN_LENGTH.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_POLICY_MAX_LENGTH = 64;
export const HIPAA_PASSWORD_MIN_LENGTH = 12;

/** Attachments per fax and their size (spec 001 §9: at most 5 files of 10 MB = 10485760 bytes each). */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx', '.txt'] as const;
/** The longest `file_url` (public API) taken: a document the worker fetches instead of an upload. */
export const FILE_URL_MAX_LENGTH = 2048;

/**
 * Fax qualities. The labels are the spec's (200x100, 200x200, 200x400); the real fax resolutions are the
 * ITU-T T.4 ones that a fax machine understands (DESIGN.md "Documents").
 */
export const FAX_QUALITIES = ['standard', 'fine', 'superfine'] as const;
export type TFaxQuality = (typeof FAX_QUALITIES)[number];
export const FAX_RESOLUTIONS: Record<TFaxQuality, { label: string; xDpi: number; yDpi: number }> = {
  standard: { label: '200x100', xDpi: 204, yDpi: 98 },
  fine: { label: '200x200', xDpi: 204, yDpi: 196 },
  superfine: { label: '200x400', xDpi: 204, yDpi: 392 },
};
/** Width of a fax line in pixels (ISO A4/Letter at 204 dpi). */
export const FAX_IMAGE_WIDTH_PX = 1728;

/** Roles of a member inside a customer account (spec 001 §2.8, §6). */
export const ACCOUNT_ROLES = ['User', 'Admin', 'Billing'] as const;
export type TAccountRole = (typeof ACCOUNT_ROLES)[number];

/** Platform role: who may run the back office (DESIGN.md "Accounts, people and roles"). */
export const PLATFORM_ROLES = ['User', 'Admin'] as const;
export type TPlatformRole = (typeof PLATFORM_ROLES)[number];

/** Outbound lifecycle (DESIGN.md "Faxes"). */
export const OUTBOUND_FAX_STATUSES = [
  'queued',
  'scheduled',
  'converting',
  'sending',
  'delivered',
  'partially_delivered',
  'failed',
  'canceled',
] as const;
export type TOutboundFaxStatus = (typeof OUTBOUND_FAX_STATUSES)[number];

/** The fax carriers Faxline can send through and order numbers from: each is a fax line too. */
export const CARRIERS = ['telnyx', 'signalwire', 'sinch'] as const;
export type TCarrier = (typeof CARRIERS)[number];

/**
 * How a sent fax failed, or ended short of delivered: one taxonomy that every line and carrier maps its own codes to
 * (decision 119), spoken alike by the API, webhooks, e-mails and the portal; the line's raw code stays on the attempt.
 * The first eleven are the outcomes of a call; the last three end a fax before any call.
 */
export const FAX_FAILURE_REASONS = [
  'busy',
  'no_answer',
  'not_a_fax_machine',
  /** The remote machine announced another station id (CSI) than the one expected: nothing was sent. */
  'wrong_station',
  /** The remote machine refused the call or the document (incompatible, refused, disconnected at the start). */
  'remote_rejected',
  /** Training failed, the call dropped, pages arrived damaged: the line, not the number. */
  'line_quality',
  /** Some pages were confirmed, the others were not. */
  'partial',
  /** The carrier refused the fax (its rules, the number, the account): another try would be refused too. */
  'carrier_refused',
  /** The carrier could not be reached or failed on its side. */
  'carrier_outage',
  'canceled',
  /** The call ended after the last page without the remote's confirmation: maybe delivered, maybe not. */
  'uncertain',
  'invalid_number',
  'conversion_error',
  'quota_exceeded',
] as const;
export type TFaxFailureReason = (typeof FAX_FAILURE_REASONS)[number];

/**
 * Whether another try may succeed where this one failed: the retry policy (lines/retry-policy.ts) retries only these,
 * and the API and webhooks say it as `retryable`. An uncertain call is not retried by itself: the sender chooses.
 */
export const RETRYABLE_FAX_FAILURES: Readonly<Record<TFaxFailureReason, boolean>> = {
  busy: true,
  no_answer: true,
  not_a_fax_machine: false,
  wrong_station: false,
  remote_rejected: false,
  line_quality: true,
  partial: true,
  carrier_refused: false,
  carrier_outage: true,
  canceled: false,
  uncertain: false,
  invalid_number: false,
  conversion_error: false,
  quota_exceeded: false,
};

/**
 * What the sender of an uncertain fax (its last call ended after the last page without the remote's confirmation)
 * chose (decision 119): keep it as it is, or send it again as a new fax. Until one is chosen, the question is open.
 */
export const UNCERTAIN_CHOICES = ['keep', 'resend'] as const;
export type TUncertainChoice = (typeof UNCERTAIN_CHOICES)[number];

/** The states in which a sent fax may still change by itself: it counts as Processing, and it may not be deleted. */
export const IN_FLIGHT_FAX_STATUSES = ['queued', 'scheduled', 'converting', 'sending'] as const satisfies readonly TOutboundFaxStatus[];
export type TInFlightFaxStatus = (typeof IN_FLIGHT_FAX_STATUSES)[number];

export function isInFlightFaxStatus(status: string): status is TInFlightFaxStatus {
  return (IN_FLIGHT_FAX_STATUSES as readonly string[]).includes(status);
}

/** Where a sent fax's life ends: every outbound status that is not in flight. */
export const FINAL_FAX_STATUSES = OUTBOUND_FAX_STATUSES.filter(
  (status): status is Exclude<TOutboundFaxStatus, TInFlightFaxStatus> => !isInFlightFaxStatus(status),
);

/** A sent fax that has not started converting may be canceled; so may one that waits between tries (mayCancelFax). */
export const CANCELABLE_FAX_STATUSES = ['queued', 'scheduled'] as const satisfies readonly TInFlightFaxStatus[];

export function isCancelableFaxStatus(status: string): status is (typeof CANCELABLE_FAX_STATUSES)[number] {
  return (CANCELABLE_FAX_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether a sent fax may be canceled now: before it converts, or while it waits for its next try (a line was busy);
 * not while it converts or a call is on the line. The server applies the same rule in one statement (cancel-fax.ts).
 */
export function mayCancelFax(fax: { direction: string; status: string; nextTryAt: string | Date | null }): boolean {
  if (fax.direction !== 'outbound') return false;
  return isCancelableFaxStatus(fax.status) || (fax.status === 'sending' && fax.nextTryAt !== null);
}

/** A sent fax that has ended (delivered, partly, failed or canceled) may be sent again with one click. */
export function mayResendFax(fax: { direction: string; status: string }): boolean {
  return fax.direction === 'outbound' && !isInFlightFaxStatus(fax.status);
}

/** How the UI groups the lifecycle (spec 001 §2.7: Delivered, Failed, Processing). */
export function displayStatusOf(status: TOutboundFaxStatus): 'Delivered' | 'Failed' | 'Processing' | 'Canceled' {
  if (isInFlightFaxStatus(status)) return 'Processing';
  switch (status) {
    case 'delivered':
    case 'partially_delivered':
      return 'Delivered';
    case 'failed':
      return 'Failed';
    case 'canceled':
      return 'Canceled';
  }
}

/** Features a plan may list (back-office plan form); here, not in the plans contract, because texts name it too. */
export const PLAN_MAX_FEATURES = 20;

/** The longest name of a fax number's provider (back-office numbers); here, not in the numbers contract, because texts name it too. */
export const NUMBER_PROVIDER_MAX_LENGTH = 40;

/**
 * The address book's limits; here, not in the address-book contract, because texts name them too.
 */
export const MAX_CONTACT_NAME_LENGTH = 120;
export const MAX_CONTACT_COMPANY_LENGTH = 120;
export const MAX_CONTACT_NOTES_LENGTH = 1000;
export const MAX_CONTACT_TAGS = 10;
export const MAX_CONTACT_TAG_LENGTH = 40;
export const MAX_CONTACTS = 10_000;
/** Rows a CSV import takes at most, and the size of its file. */
export const MAX_CONTACT_IMPORT_ROWS = 5_000;
export const MAX_CONTACT_IMPORT_BYTES = 1024 * 1024;
/** Addresses besides the account's people that a number's received faxes are e-mailed to. */
export const MAX_NUMBER_EMAIL_RECIPIENTS = 5;
/** Addresses besides the account's own people that may send faxes by e-mail for it. */
export const MAX_EMAIL_FAX_SENDERS = 50;
/** Where faxes are e-mailed to unless FAX_EMAIL_DOMAIN says otherwise: `<number's digits>@fax.localhost`. */
export const DEFAULT_FAX_EMAIL_DOMAIN = 'fax.localhost';
/** Recipients one e-mail may fax to (as many as one broadcast of the API). */
export const MAX_EMAIL_FAX_RECIPIENTS = 50;
/** The most items one page of a list answers (`limit`), in the address book and the public API. */
export const MAX_LIST_LIMIT = 100;

/**
 * The public API's version, as its OpenAPI document says it (info.version) and /developers/changelog lists it: the
 * minor number grows with every addition a client may use, the major one only with a change that breaks one.
 */
export const API_VERSION = '1.2.0';

/** Public API rate limit default (spec 000 §9). */
export const API_RATE_LIMIT = { max: 100, windowMinutes: 1 } as const;
/**
 * The API requests per minute per key a plan may give, as the back office takes them; here, not in the
 * admin plans contract, because texts name them too.
 */
export const PLAN_MIN_API_REQUESTS_PER_MINUTE = 10;
export const PLAN_MAX_API_REQUESTS_PER_MINUTE = 100_000;
/** A plan's number of users and of included fax numbers (decision 087): beyond these, a typing slip. */
export const PLAN_MAX_USERS = 10_000;
export const PLAN_MAX_FAX_NUMBERS = 1_000;

/**
 * Where a confirmation link lands once followed: the landing page, with a query that has the web app say the address
 * is confirmed (or, with Better Auth's `error` added, that the link was not valid).
 */
export const EMAIL_CONFIRMED_PARAM = 'confirmed';
export const EMAIL_CONFIRMED_LANDING = `/?${EMAIL_CONFIRMED_PARAM}=email`;
/** The page a person was on their way to when they signed up (a plan chosen on /pricing), carried through the link. */
export const EMAIL_CONFIRMED_NEXT_PARAM = 'next';

/** A path on this site, never another site (`//host`, `/\\host`, control characters): safe to send someone to. */
export function isSafePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\u0000-\u001f\\]/.test(path);
}

/** Where a confirmation link lands: the landing page, which goes on to `next` once it has said the address is confirmed. */
export function emailConfirmedLanding(next?: string): string {
  return next && isSafePath(next)
    ? `${EMAIL_CONFIRMED_LANDING}&${EMAIL_CONFIRMED_NEXT_PARAM}=${encodeURIComponent(next)}`
    : EMAIL_CONFIRMED_LANDING;
}

/** What a received fax is, as Faxline classifies it once read (issue 37, item 4; decision 102). */
export const DOCUMENT_CLASSES = [
  'referral',
  'lab_result',
  'prior_authorization',
  'prescription_request',
  'medical_records_request',
  'invoice',
  'legal_notice',
  'other',
] as const;
export type TDocumentClass = (typeof DOCUMENT_CLASSES)[number];
