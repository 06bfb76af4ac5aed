import type { TBaaSignRequest } from '@faxline/shared';

export type TBaaFormValues = Omit<TBaaSignRequest, 'version' | 'agreed'> & { agreed: boolean };
export type TBaaField = keyof TBaaFormValues;

/** The fields in the order they are shown: the first one at fault takes the focus. */
export const BAA_FIELDS = ['signerName', 'signerTitle', 'organisation', 'agreed'] as const satisfies readonly TBaaField[];

/** Each field's "required" message: the words the server answers with when the check here is skipped. */
export const BAA_REQUIRED_TEXT = {
  signerName: 'baa.required.signerName',
  signerTitle: 'baa.required.signerTitle',
  organisation: 'baa.required.organisation',
  agreed: 'baa.required.agreed',
} as const satisfies Record<TBaaField, string>;

/** The first field left empty (or the box unticked), so the form can say so before asking the server; null when none. */
export function firstMissingBaaField(values: TBaaFormValues): TBaaField | null {
  for (const field of BAA_FIELDS) {
    const value = values[field];
    if (typeof value === 'boolean' ? !value : value.trim() === '') return field;
  }
  return null;
}

/** The form's field a server's issue path names (`body.signerName`), or null for a path outside the form. */
export function baaFieldOfIssue(path: string): TBaaField | null {
  const field = path.replace(/^body\./, '');
  return (BAA_FIELDS as readonly string[]).includes(field) ? (field as TBaaField) : null;
}
