import { ZSignInRequest, ZSignUpRequest, type TLanguage } from '@faxline/shared';
import type { z } from 'zod';

import type { TFormProblem } from '@/lib/form-problem';
import { firstIssue } from '@/lib/validation';

type TCheck<F extends string, R> = { ok: true; request: R } | { ok: false; problem: TFormProblem<F> };

export type TSignInField = 'identifier' | 'password';
export type TSignInValues = Record<TSignInField, string>;

/** Sign-in form (spec 000 §5): both fields are required, else 'Missing Credentials'. */
export function checkSignIn(values: TSignInValues): TCheck<TSignInField, z.output<typeof ZSignInRequest>> {
  const missing = (['identifier', 'password'] as const).find((field) => values[field].trim() === '');
  if (missing)
    return { ok: false, problem: { field: missing, title: 'auth:signIn.missingTitle', description: 'auth:signIn.missingDescription' } };

  const parsed = ZSignInRequest.safeParse(values);
  if (!parsed.success) {
    const { field, key } = firstIssue(parsed.error.issues, ['identifier', 'password'] as const);
    return { ok: false, problem: { field: field ?? 'identifier', title: 'auth:signIn.failedTitle', description: key } };
  }
  return { ok: true, request: parsed.data };
}

export type TSignUpField = 'name' | 'email' | 'password' | 'confirmPassword';
export type TSignUpValues = Record<TSignUpField, string>;

/**
 * Sign-up form (spec 000 §5), in the spec's order: the passwords must match ('Passwords Don't Match'); name, e-mail
 * and password are required ('Missing Information'). Then the server's own rules, checked here first so nobody waits
 * for a refusal: a valid e-mail address and a password of at least 8 characters ('Password Too Short').
 */
export function checkSignUp(values: TSignUpValues, language: TLanguage): TCheck<TSignUpField, z.output<typeof ZSignUpRequest>> {
  if (values.password !== values.confirmPassword) {
    return {
      ok: false,
      problem: { field: 'confirmPassword', title: 'auth:signUp.mismatchTitle', description: 'auth:signUp.mismatchDescription' },
    };
  }
  const missing = (['name', 'email', 'password'] as const).find((field) => values[field].trim() === '');
  if (missing)
    return { ok: false, problem: { field: missing, title: 'auth:signUp.missingTitle', description: 'auth:signUp.missingDescription' } };

  const parsed = ZSignUpRequest.safeParse({ name: values.name, email: values.email, password: values.password, language });
  if (!parsed.success) {
    const { field, key } = firstIssue(parsed.error.issues, ['name', 'email', 'password'] as const);
    const title = key === 'messages:validation.passwordTooShort' ? 'auth:password.tooShortTitle' : 'auth:signUp.failedTitle';
    return { ok: false, problem: { field: field ?? 'email', title, description: key } };
  }
  return { ok: true, request: parsed.data };
}
