import { ZContactInput, type TContact, type TContactInput } from '@faxline/shared';

export const CONTACT_FIELDS = ['name', 'fax_number', 'company', 'email', 'station_id', 'tags', 'notes'] as const;
export type TContactField = (typeof CONTACT_FIELDS)[number];
export type TContactFormValues = Record<TContactField, string>;

export const EMPTY_CONTACT_VALUES: TContactFormValues = {
  name: '',
  fax_number: '',
  company: '',
  email: '',
  station_id: '',
  tags: '',
  notes: '',
};

/** The form's values of a contact being edited; tags as people type them, separated by commas. */
export function formValuesOf(contact: TContact): TContactFormValues {
  return {
    name: contact.name,
    fax_number: contact.fax_number,
    company: contact.company ?? '',
    email: contact.email ?? '',
    station_id: contact.station_id ?? '',
    tags: contact.tags.join(', '),
    notes: contact.notes ?? '',
  };
}

/** "vip, lab,, " -> ["vip", "lab"]. Commas or semicolons separate tags (the CSV file uses semicolons). */
export function tagsOf(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** A problem of one field: the message key of the shared catalogue (`errors.contactNameRequired`) or zod's own text. */
export type TContactProblem = { field: TContactField; message: string };

export type TContactCheck = { ok: true; input: TContactInput } | { ok: false; problems: TContactProblem[] };

/** The shared contract's checks before sending; every field at fault, in the form's order. */
export function checkContact(values: TContactFormValues): TContactCheck {
  const input: TContactInput = {
    name: values.name,
    fax_number: values.fax_number,
    company: values.company.trim() || null,
    email: values.email.trim() || null,
    notes: values.notes.trim() || null,
    tags: tagsOf(values.tags),
    station_id: values.station_id.trim() || null,
  };
  const parsed = ZContactInput.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const problems = new Map<TContactField, string>();
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path[0]);
    if (field && !problems.has(field)) problems.set(field, issue.message);
  }
  return {
    ok: false,
    problems: CONTACT_FIELDS.filter((field) => problems.has(field)).map((field) => ({ field, message: problems.get(field)! })),
  };
}

/** The form field an issue's path names (`tags.3` is the tags field; `body.name` from the server is name). */
export function fieldOf(head: PropertyKey | undefined): TContactField | null {
  const name = typeof head === 'string' ? head.replace(/^body\./, '').split('.')[0] : undefined;
  return (CONTACT_FIELDS as readonly string[]).includes(name ?? '') ? (name as TContactField) : null;
}
