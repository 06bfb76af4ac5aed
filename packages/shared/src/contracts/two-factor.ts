import { z } from 'zod';
import { singleLineText } from '../text';
import { ZSession, ZTotpCode } from './auth';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use backup codes: enrolment from
 * the Advanced Security card of /user/settings, and the second step of sign-in.
 */

export const TWO_FACTOR_BACKUP_CODE_COUNT = 10;

const ZPasswordCheck = z.string().min(1, { error: 'validation.required' }).max(128).check(singleLineText);
/** A backup code as shown at enrolment (letters, digits and one dash). */
export const ZBackupCode = z
  .string()
  .trim()
  .check(singleLineText)
  .min(6, { error: 'validation.backupCode' })
  .max(40, { error: 'validation.backupCode' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'validation.backupCode' });

/** POST /api/two-factor/enrol: starts enrolment; nothing is enabled until a code is confirmed. */
export const ZTwoFactorEnrolRequest = z.object({ password: ZPasswordCheck });
export type TTwoFactorEnrolRequest = z.input<typeof ZTwoFactorEnrolRequest>;
export const ZTwoFactorEnrolResponse = z.object({
  /** otpauth:// URI, shown as a QR code. */
  totpUri: z.string(),
  /** The same secret in base32, for typing into the app by hand. */
  key: z.string(),
  backupCodes: z.array(z.string()),
});
export type TTwoFactorEnrolResponse = z.infer<typeof ZTwoFactorEnrolResponse>;

/** POST /api/two-factor/confirm: the first code from the app switches two-factor sign-in on. Answers ZSessionResponse. */
export const ZTwoFactorConfirmRequest = z.object({ code: ZTotpCode });
export type TTwoFactorConfirmRequest = z.input<typeof ZTwoFactorConfirmRequest>;

/** POST /api/two-factor/disable: with the password. Answers ZSessionResponse. */
export const ZTwoFactorDisableRequest = z.object({ password: ZPasswordCheck });
export type TTwoFactorDisableRequest = z.input<typeof ZTwoFactorDisableRequest>;

/** POST /api/two-factor/backup-codes: a new set of ten, the old ones stop working. */
export const ZTwoFactorBackupCodesRequest = z.object({ password: ZPasswordCheck });
export type TTwoFactorBackupCodesRequest = z.input<typeof ZTwoFactorBackupCodesRequest>;
export const ZTwoFactorBackupCodesResponse = z.object({ backupCodes: z.array(z.string()) });
export type TTwoFactorBackupCodesResponse = z.infer<typeof ZTwoFactorBackupCodesResponse>;

/**
 * POST /api/auth/two-factor: the second step of sign-in, after /api/auth/sign-in answered `twoFactorRequired`.
 * `method` says whether `code` comes from the app or is a backup code. Answers ZSessionResponse.
 */
export const ZTwoFactorChallengeRequest = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: ZTotpCode }),
  z.object({ method: z.literal('backup'), code: ZBackupCode }),
]);
export type TTwoFactorChallengeRequest = z.input<typeof ZTwoFactorChallengeRequest>;

/** POST /api/auth/sign-in: signed in (`session`), or a second step is needed (`twoFactorRequired`, session null). */
export const ZSignInResponse = z.object({ session: ZSession.nullable(), twoFactorRequired: z.boolean() });
export type TSignInResponse = z.infer<typeof ZSignInResponse>;
