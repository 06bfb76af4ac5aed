import { ZBillingProfile, type TBillingProfile } from '@faxline/shared';

import { ApiError } from '@/lib/api-client';

/** The form's fields, in the order they are shown (the first one to fix gets focus). */
export const BILLING_DETAIL_FIELDS = ['name', 'line1', 'line2', 'city', 'postalCode', 'region', 'country', 'taxId'] as const;
export type TBillingDetailField = (typeof BILLING_DETAIL_FIELDS)[number];
export type TBillingDetailValues = Record<TBillingDetailField, string>;

/** What is wrong, per field: a key of the shared messages (a check here) or the server's translated text. */
export type TBillingDetailProblems = Partial<Record<TBillingDetailField, { key: string } | { text: string }>>;

export const EMPTY_BILLING_DETAILS: TBillingDetailValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  region: '',
  country: '',
  taxId: '',
};

const isField = (name: unknown): name is TBillingDetailField => (BILLING_DETAIL_FIELDS as readonly unknown[]).includes(name);

/** The form's values checked by the contract the server checks them with (the tax id's format per country included). */
export function checkBillingDetails(
  values: TBillingDetailValues,
): { ok: true; request: TBillingProfile } | { ok: false; problems: TBillingDetailProblems } {
  const parsed = ZBillingProfile.safeParse(values);
  if (parsed.success) return { ok: true, request: parsed.data };
  const problems: TBillingDetailProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !problems[field]) problems[field] = { key: issue.message };
  }
  return { ok: false, problems };
}

/** The server's refusal of fields (`body.taxId`), each with its message already in the reader's language. */
export function problemsFromServer(error: unknown): TBillingDetailProblems {
  if (!(error instanceof ApiError)) return {};
  const problems: TBillingDetailProblems = {};
  for (const issue of error.issues ?? []) {
    const field = issue.path.replace(/^body\./, '');
    if (isField(field) && !problems[field]) problems[field] = { text: issue.message };
  }
  return problems;
}

/** The first field to fix, in the form's order. */
export function firstProblemField(problems: TBillingDetailProblems): TBillingDetailField | undefined {
  return BILLING_DETAIL_FIELDS.find((field) => problems[field]);
}
