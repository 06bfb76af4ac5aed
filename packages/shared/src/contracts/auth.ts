import { z } from 'zod';
import { singleLineText } from '../text';
import { ZTimeZone } from '../time-zone';
import { isSafePath, LANGUAGES, PASSWORD_MIN_LENGTH, PLATFORM_ROLES } from '../constants';

/**
 * Accounts and sessions: /api/auth/*, /api/profile*, /api/admin-access. Messages that a person reads are i18n keys
 * ("validation.*"), translated by the server in the caller's language and by the web app in the page's language.
 */

const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordTooShort' })
  .max(128, { error: 'validation.passwordTooLong' })
  .check(singleLineText);
const ZEmail = z
  .email({ error: 'validation.email' })
  .max(254)
  .check(singleLineText)
  .transform((email) => email.trim().toLowerCase());

export const ZSignUpRequest = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(120).check(singleLineText),
  email: ZEmail,
  password: ZPassword,
  language: z.enum(LANGUAGES).optional(),
  /** The page to go on to once the address is confirmed (a plan chosen on /pricing): a path on this site. */
  // A control character is named as such, like in every other text field; then the path must be this site's.
  next: z.string().max(2000).check(singleLineText).refine(isSafePath, { error: 'validation.nextPath' }).optional(),
});
export type TSignUpRequest = z.input<typeof ZSignUpRequest>;

/** Signed in at once, or asked to confirm the address first (spec 000 §4). */
export const ZSignUpResponse = z.object({ requiresConfirmation: z.boolean() });
export type TSignUpResponse = z.infer<typeof ZSignUpResponse>;

/** Six digits from the authenticator app. */
export const ZTotpCode = z
  .string()
  .trim()
  .check(singleLineText)
  .regex(/^\d{6}$/, { error: 'validation.totpCode' });

const ZIdentifier = z.string().trim().min(1, { error: 'validation.required' }).max(254).check(singleLineText);

/**
 * `identifier` is an e-mail address or a username (sub-users sign in with a username, spec 001 §2.8). `code`, from
 * the authenticator app, goes with the password where the answer was `sign_in_proof_required` (decision 069).
 */
export const ZSignInRequest = z.object({
  identifier: ZIdentifier,
  password: z.string().min(1, { error: 'validation.required' }).max(128).check(singleLineText),
  code: ZTotpCode.optional(),
});
export type TSignInRequest = z.input<typeof ZSignInRequest>;

/**
 * POST /api/auth/sign-in-link: e-mails a one-time sign-in link to the person an identifier names, for this browser
 * only. The answer is `ZOk` whether or not anyone is named (decision 069).
 */
export const ZSignInLinkRequest = z.object({ identifier: ZIdentifier });
export type TSignInLinkRequest = z.input<typeof ZSignInLinkRequest>;

/**
 * POST /api/auth/sign-in-link/verify: the link's token, from the browser that asked for it. Answers ZSessionResponse:
 * signed in, or (two-factor on) `session: null`, the browser now known, where the password and a code follow.
 */
export const ZSignInLinkVerifyRequest = z.object({ token: z.string().trim().min(1).max(256).check(singleLineText) });
export type TSignInLinkVerifyRequest = z.input<typeof ZSignInLinkVerifyRequest>;

export const ZSessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  username: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** The time zone the person chose for the dates and times they are shown; null: their browser's. */
  timeZone: z.string().nullable(),
  platformRole: z.enum(PLATFORM_ROLES),
  /** Two-factor sign-in is on: the status the Advanced Security card shows. */
  twoFactorEnabled: z.boolean(),
  /**
   * The person must set up two-factor sign-in before using anything else: a sub-user created with the 2FA option, or
   * every person when the platform requires it. The server refuses other calls with `two_factor_setup_required`.
   */
  twoFactorSetupRequired: z.boolean(),
  /**
   * The password the person signed in with is shorter or weaker than their account's policy now asks: they must choose
   * another before anything else (the server refuses other calls with `password_change_required`).
   */
  passwordChangeRequired: z.boolean().optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSession = z.object({
  user: ZSessionUser,
  session: z.object({ id: z.string(), expiresAt: z.iso.datetime({ offset: true }) }),
});
export type TSession = z.infer<typeof ZSession>;

/** GET /api/auth/session: the current session, or null when signed out. */
export const ZSessionResponse = z.object({ session: ZSession.nullable() });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({ token: z.string().min(1).max(512).check(singleLineText), newPassword: ZPassword });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export const ZResendConfirmationRequest = z.object({ email: ZEmail });
export type TResendConfirmationRequest = z.input<typeof ZResendConfirmationRequest>;

/** PATCH /api/profile (spec 001 §2.4): full name, an optional avatar URL and the person's time zone. */
export const ZUpdateProfileRequest = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(120).check(singleLineText),
  image: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2048)])
    .check(singleLineText)
    .nullable()
    .transform((value) => (value ? value : null)),
  language: z.enum(LANGUAGES).optional(),
  /** The time zone of the dates and times shown to the person; null: their browser's; left out: unchanged. */
  timeZone: ZTimeZone.nullable().optional(),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

/** PUT /api/profile/language: the language picked while signed in, used for the person's e-mails and documents. */
export const ZProfileLanguageRequest = z.object({ language: z.enum(LANGUAGES) });
export type TProfileLanguageRequest = z.input<typeof ZProfileLanguageRequest>;

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, { error: 'validation.required' }).max(128).check(singleLineText),
  newPassword: ZPassword,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

/**
 * POST /api/admin-access: the admin login (spec 001 §2.9). A signed-in admin sends only the password (step-up); a
 * signed-out visitor sends e-mail and password.
 */
export const ZAdminAccessRequest = z.object({
  email: ZEmail.optional(),
  password: z.string().min(1, { error: 'validation.required' }).max(128).check(singleLineText),
});
export type TAdminAccessRequest = z.input<typeof ZAdminAccessRequest>;

export const ZAdminAccessResponse = z.object({ expiresAt: z.iso.datetime({ offset: true }) });
export type TAdminAccessResponse = z.infer<typeof ZAdminAccessResponse>;

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;
