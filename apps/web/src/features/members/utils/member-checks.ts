import { ASSIGNABLE_ROLES, PASSWORD_MIN_LENGTH, ZAddMemberRequest, type TAssignableRole } from '@faxline/shared';
import type { z } from 'zod';

import { firstIssue, validationKey, type TValidationKey } from '@/lib/validation';

export type TMemberRole = TAssignableRole;
export const ADD_MEMBER_ROLES = ASSIGNABLE_ROLES;

/** The text inputs of the form, in the order they are shown (the first one to fix gets focus). */
export const MEMBER_TEXT_FIELDS = ['name', 'username', 'email', 'password', 'confirmPassword'] as const;
export type TMemberTextField = (typeof MEMBER_TEXT_FIELDS)[number];

export type TMemberValues = Record<TMemberTextField, string> & { role: TMemberRole; enable2fa: boolean };

export const EMPTY_MEMBER_VALUES: TMemberValues = {
  name: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'User',
  enable2fa: false,
};

/** Why the form was not sent: the field to fix, and the toast's title and text (keys of the members or errors namespace). */
export type TMemberProblem = {
  field: TMemberTextField;
  title: 'checks.missingTitle' | 'checks.mismatchTitle' | 'checks.tooShortTitle' | 'toasts.addFailedTitle';
  description: 'checks.missingDescription' | 'checks.mismatchDescription' | 'messages:validation.username' | TValidationKey;
};

/** The keys a member problem's toast uses, and the namespaces they live in (for useFormProblem). */
export type TMemberProblemKey = TMemberProblem['title'] | TMemberProblem['description'];
export const MEMBER_PROBLEM_NAMESPACES = ['members', 'errors', 'messages'] as const;

export type TMemberCheck = { ok: true; request: z.output<typeof ZAddMemberRequest> } | { ok: false; problem: TMemberProblem };

/**
 * Spec 001 §5 "Sub-user creation", in its order: every field filled in ('Missing Information'), the passwords the same
 * ('Password Mismatch'), at least 8 characters ('Password Too Short'); then the rest of the shared schema (username
 * characters, e-mail address), whose messages the server would answer with too.
 */
export function checkAddMember(values: TMemberValues): TMemberCheck {
  const missing = MEMBER_TEXT_FIELDS.find((field) => values[field].trim() === '');
  if (missing) return fail(missing, 'checks.missingTitle', 'checks.missingDescription');
  if (values.password !== values.confirmPassword) return fail('confirmPassword', 'checks.mismatchTitle', 'checks.mismatchDescription');
  if (values.password.length < PASSWORD_MIN_LENGTH) return fail('password', 'checks.tooShortTitle', 'messages:validation.passwordTooShort');

  const parsed = ZAddMemberRequest.safeParse({
    name: values.name,
    username: values.username,
    // Pasted addresses often carry a space at either end; the schema would refuse it.
    email: values.email.trim(),
    password: values.password,
    role: values.role,
    enable2fa: values.enable2fa,
  });
  if (parsed.success) return { ok: true, request: parsed.data };

  const issue = parsed.error.issues[0];
  const { field } = firstIssue(parsed.error.issues, MEMBER_TEXT_FIELDS);
  // The username rule's message is one of the shared texts that the generic validation keys do not list.
  const description = issue?.message === 'validation.username' ? 'messages:validation.username' : validationKey(issue?.message);
  return fail(field ?? 'name', 'toasts.addFailedTitle', description);
}

function fail(field: TMemberTextField, title: TMemberProblem['title'], description: TMemberProblem['description']): TMemberCheck {
  return { ok: false, problem: { field, title, description } };
}
