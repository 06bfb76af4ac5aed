import { CONTACT_DEPARTMENTS, ZContactRequest, type TContactRequest } from '@faxline/shared';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'department', 'message'] as const;
export type TContactField = (typeof CONTACT_FIELDS)[number];
export type TContactValues = Record<TContactField, string>;

export type TContactCheck =
  | { ok: true; request: TContactRequest }
  /** `incomplete`: a field is empty (spec 000 §5); `invalid`: filled in but not acceptable (an e-mail without @). */
  | { ok: false; field: TContactField; reason: 'incomplete' | 'invalid' };

const isDepartment = (value: string): value is TContactRequest['department'] => (CONTACT_DEPARTMENTS as readonly string[]).includes(value);

/**
 * Spec 000 §5: all five fields are required. The shared contract then checks the rest (e-mail form, lengths), so the
 * form refuses here what the server would refuse.
 */
export function checkContact(values: TContactValues): TContactCheck {
  const missing = CONTACT_FIELDS.find((field) => values[field].trim() === '');
  if (missing) return { ok: false, field: missing, reason: 'incomplete' };
  if (!isDepartment(values.department)) return { ok: false, field: 'department', reason: 'incomplete' };

  const parsed = ZContactRequest.safeParse({ ...values, email: values.email.trim() });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return { ok: false, field: CONTACT_FIELDS.find((name) => name === field) ?? 'message', reason: 'invalid' };
  }
  return { ok: true, request: parsed.data };
}
