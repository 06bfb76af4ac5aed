import { APIError } from 'better-auth';
import { AppError } from '../platform/http/app-error';

/** Better Auth's error codes, as the public errors of our API (translated by the error handler). */
const MAPPED: Record<string, AppError> = {
  INVALID_EMAIL_OR_PASSWORD: new AppError('authentication_error', 'errors.invalidCredentials'),
  INVALID_USERNAME_OR_PASSWORD: new AppError('authentication_error', 'errors.invalidCredentials'),
  EMAIL_NOT_VERIFIED: new AppError('email_not_confirmed', 'errors.emailNotConfirmed'),
  USER_ALREADY_EXISTS: new AppError('conflict', 'errors.emailTaken'),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: new AppError('conflict', 'errors.emailTaken'),
  INVALID_TOKEN: new AppError('invalid_request', 'errors.invalidResetToken'),
  INVALID_PASSWORD: new AppError('invalid_request', 'errors.currentPasswordWrong'),
  PASSWORD_TOO_SHORT: new AppError('invalid_request', 'validation.passwordTooShort'),
  PASSWORD_TOO_LONG: new AppError('invalid_request', 'validation.passwordTooLong'),
  FAILED_TO_GET_SESSION: new AppError('authentication_error', 'errors.sessionMissing'),
  SESSION_NOT_FRESH: new AppError('authentication_error', 'errors.unauthenticated'),
  INVALID_CODE: new AppError('authentication_error', 'errors.invalidTwoFactorCode'),
  INVALID_BACKUP_CODE: new AppError('authentication_error', 'errors.invalidTwoFactorCode'),
  INVALID_TWO_FACTOR_COOKIE: new AppError('two_factor_challenge_expired', 'errors.twoFactorChallengeExpired'),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: new AppError('two_factor_challenge_expired', 'errors.twoFactorTooManyAttempts'),
  ACCOUNT_TEMPORARILY_LOCKED: new AppError('rate_limited', 'errors.twoFactorLocked'),
  TOTP_ALREADY_ENABLED: new AppError('conflict', 'errors.twoFactorAlreadyEnabled'),
  TOTP_NOT_ENABLED: new AppError('invalid_request', 'errors.twoFactorNotEnabled'),
  TWO_FACTOR_NOT_ENABLED: new AppError('invalid_request', 'errors.twoFactorNotEnabled'),
  // Sign-in turned off for the person (deactivated by their account's identity provider: people.ts setSignInAllowed).
  BANNED_USER: new AppError('permission_denied', 'scim.signInTurnedOff'),
};

/** Runs a Better Auth call and turns its known errors into ours; anything else stays an internal error. */
export async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      const mapped = code ? MAPPED[code] : undefined;
      if (mapped) throw mapped;
      if (error.statusCode === 401) throw new AppError('authentication_error', 'errors.unauthenticated');
    }
    throw error;
  }
}
