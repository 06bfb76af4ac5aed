import { PASSWORD_MIN_LENGTH } from '@faxline/shared';

import type { TFormProblem } from '@/lib/form-problem';

/**
 * A new password and its confirmation (spec 001 §5 "Profile", also used by the reset page): they must match, else
 * 'Passwords Do Not Match'; and be at least 8 characters long, else 'Password Too Short'.
 */
export function checkNewPassword(newPassword: string, confirmation: string): TFormProblem<'newPassword' | 'confirmPassword'> | null {
  if (newPassword !== confirmation) {
    return { field: 'confirmPassword', title: 'auth:password.mismatchTitle', description: 'auth:password.mismatchDescription' };
  }
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    return { field: 'newPassword', title: 'auth:password.tooShortTitle', description: 'messages:validation.passwordTooShort' };
  }
  return null;
}
