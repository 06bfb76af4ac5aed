import { describe, expect, it } from 'vitest';

import { checkContact, type TContactValues } from './contact-checks';

const complete: TContactValues = {
  name: ' Dr. Amara Singh ',
  email: ' amara@example.com ',
  subject: 'Faxing referrals',
  department: 'sales',
  message: 'Do you sign a BAA on the HIPAA plans?',
};

describe('checkContact (spec 000 §5)', () => {
  it.each(['name', 'email', 'subject', 'department', 'message'] as const)('requires %s', (field) => {
    expect(checkContact({ ...complete, [field]: '  ' })).toEqual({ ok: false, field, reason: 'incomplete' });
  });

  it('names the first missing field when all are empty', () => {
    expect(checkContact({ name: '', email: '', subject: '', department: '', message: '' })).toMatchObject({ field: 'name' });
  });

  it('accepts only the four departments', () => {
    expect(checkContact({ ...complete, department: 'marketing' })).toEqual({ ok: false, field: 'department', reason: 'incomplete' });
  });

  it('refuses an address that is not an e-mail address', () => {
    expect(checkContact({ ...complete, email: 'amara.example.com' })).toEqual({ ok: false, field: 'email', reason: 'invalid' });
  });

  it('sends the message trimmed', () => {
    expect(checkContact(complete)).toEqual({
      ok: true,
      request: {
        name: 'Dr. Amara Singh',
        email: 'amara@example.com',
        subject: 'Faxing referrals',
        department: 'sales',
        message: 'Do you sign a BAA on the HIPAA plans?',
      },
    });
  });
});
