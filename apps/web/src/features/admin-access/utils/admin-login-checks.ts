import { ZAdminAccessRequest } from '@faxline/shared';
import type { z } from 'zod';

import type { TFormProblem } from '@/lib/form-problem';
import { firstIssue } from '@/lib/validation';

export type TAdminLoginField = 'email' | 'password';

type TCheck = { ok: true; request: z.output<typeof ZAdminAccessRequest> } | { ok: false; problem: TFormProblem<TAdminLoginField> };

/** The password is required (spec 001 §5 "Admin login"); a signed-out visitor also gives a valid e-mail address. */
export function checkAdminLogin(values: Record<TAdminLoginField, string>, signedIn: boolean): TCheck {
  const parsed = ZAdminAccessRequest.safeParse(
    signedIn ? { password: values.password } : { email: values.email, password: values.password },
  );
  if (!parsed.success) {
    const { field, key } = firstIssue(parsed.error.issues, ['email', 'password'] as const);
    return { ok: false, problem: { field: field ?? 'password', title: 'auth:adminLogin.failedTitle', description: key } };
  }
  return { ok: true, request: parsed.data };
}

export type TAdminLoginFailure = { kind: 'wrongPassword' | 'notAdmin' } | { kind: 'server'; message: string } | { kind: 'unknown' };

/**
 * What a refused admin login says (spec 001 §5, §8; DESIGN.md): 401 is a wrong password ('Incorrect password. Please
 * try again.', and the field is cleared), 403 someone who is not a platform admin ('Invalid admin credentials'). Other
 * refusals (too many attempts, say) carry the server's message; anything that is not an API error is unknown.
 */
export function adminLoginFailure(error: { status: number; type: string; message: string } | null): TAdminLoginFailure {
  if (!error) return { kind: 'unknown' };
  if (error.status === 401 && error.type === 'authentication_error') return { kind: 'wrongPassword' };
  if (error.status === 403) return { kind: 'notAdmin' };
  return { kind: 'server', message: error.message };
}
