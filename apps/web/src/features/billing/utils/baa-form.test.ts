import { describe, expect, it } from 'vitest';

import { baaFieldOfIssue, firstMissingBaaField, type TBaaFormValues } from './baa-form';

const filled: TBaaFormValues = {
  signerName: 'Ada Lovelace',
  signerTitle: 'Practice manager',
  organisation: 'Northside Clinic',
  agreed: true,
};

describe('the business associate agreement form', () => {
  it('finds the first field left empty, blanks counting as empty, and the unticked box last', () => {
    expect(firstMissingBaaField(filled)).toBeNull();
    expect(firstMissingBaaField({ ...filled, signerName: '   ' })).toBe('signerName');
    expect(firstMissingBaaField({ ...filled, organisation: '', signerTitle: '' })).toBe('signerTitle');
    expect(firstMissingBaaField({ ...filled, agreed: false })).toBe('agreed');
  });

  it("names the form's field of a server issue, and none for a path outside the form", () => {
    expect(baaFieldOfIssue('body.organisation')).toBe('organisation');
    expect(baaFieldOfIssue('body.version')).toBeNull();
    expect(baaFieldOfIssue('query.after')).toBeNull();
  });
});
