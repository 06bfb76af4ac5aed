import { ZChangePasswordRequest, ZUpdateProfileRequest } from '@faxline/shared';
import type { z } from 'zod';

import { checkNewPassword } from '@/lib/auth/password-rules';
import type { TFormProblem } from '@/lib/form-problem';
import { firstIssue } from '@/lib/validation';

type TCheck<F extends string, R> = { ok: true; request: R } | { ok: false; problem: TFormProblem<F> };

export type TProfileField = 'name' | 'image' | 'timeZone';
/** The form's texts; the time zone '' stands for the browser's (sent as null), left out for "unchanged". */
export type TProfileValues = { name: string; image: string; timeZone?: string };

/** Personal details (spec 001 §2.4): a full name, an avatar URL that may be left empty, and the person's time zone. */
export function checkProfile(values: TProfileValues): TCheck<TProfileField, z.input<typeof ZUpdateProfileRequest>> {
  const timeZone = values.timeZone === undefined ? {} : { timeZone: values.timeZone || null };
  const request = { name: values.name, image: values.image.trim(), ...timeZone };
  const parsed = ZUpdateProfileRequest.safeParse(request);
  if (!parsed.success) {
    const { field, key } = firstIssue(parsed.error.issues, ['name', 'image', 'timeZone'] as const);
    return { ok: false, problem: { field: field ?? 'name', title: 'auth:profile.updateFailedTitle', description: key } };
  }
  return { ok: true, request: { name: parsed.data.name, image: parsed.data.image, ...timeZone } };
}

export type TPasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
export type TPasswordValues = Record<TPasswordField, string>;

/**
 * Change password (spec 001 §5 "Profile"): the new passwords must match ('Passwords Do Not Match') and be at least
 * 8 characters long ('Password Too Short'). Ours also asks for the current password, which the server checks.
 */
export function checkPasswordChange(values: TPasswordValues): TCheck<TPasswordField, z.output<typeof ZChangePasswordRequest>> {
  const problem = checkNewPassword(values.newPassword, values.confirmPassword);
  if (problem) return { ok: false, problem };
  const parsed = ZChangePasswordRequest.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  if (!parsed.success) {
    const { field, key } = firstIssue(parsed.error.issues, ['currentPassword', 'newPassword'] as const);
    return {
      ok: false,
      problem: { field: field ?? 'currentPassword', title: 'auth:profile.passwordFailedTitle', description: key },
    };
  }
  return { ok: true, request: parsed.data };
}
