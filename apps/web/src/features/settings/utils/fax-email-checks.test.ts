import { MAX_NUMBER_EMAIL_RECIPIENTS } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { addressesOf } from '@/lib/address-list';

import { checkFaxEmail, fieldOfPath, valuesOf } from './fax-email-checks';

const values = (recipients: string[]) => ({
  documentsInEmail: true,
  numbers: [
    { phoneNumber: '+14155550101', recipients: '' },
    { phoneNumber: '+14155550102', recipients: recipients.join(', ') },
  ],
});

describe('the extra addresses of a number', () => {
  it('are read from a line separated by commas, semicolons or spaces', () => {
    expect(addressesOf(' a@example.com,b@example.com ; c@example.com\nd@example.com ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
    expect(addressesOf('  ')).toEqual([]);
  });

  it('are sent as the shared contract takes them', () => {
    expect(checkFaxEmail(values(['desk@example.com']))).toEqual({
      ok: true,
      request: {
        documentsInEmail: true,
        numbers: [
          { phoneNumber: '+14155550101', emailRecipients: [] },
          { phoneNumber: '+14155550102', emailRecipients: ['desk@example.com'] },
        ],
      },
    });
  });

  it('name the number whose address is not one, or that has too many', () => {
    expect(checkFaxEmail(values(['desk@example.com', 'not-an-address']))).toEqual({
      ok: false,
      field: 'recipients.1',
      key: 'messages:validation.email',
    });
    const many = Array.from({ length: MAX_NUMBER_EMAIL_RECIPIENTS + 1 }, (_, i) => `p${i}@example.com`);
    expect(checkFaxEmail(values(many))).toEqual({ ok: false, field: 'recipients.1', key: 'messages:errors.tooManyEmailRecipients' });
  });

  it("follow the server's problem paths to the number", () => {
    expect(fieldOfPath(['body', 'numbers', '3', 'emailRecipients', '0'])).toBe('recipients.3');
    expect(fieldOfPath(['documentsInEmail'])).toBeNull();
  });

  it('start from what the server stored, one line per number', () => {
    const stored = { documentsInEmail: false, hipaaPlan: false, numbers: [{ phoneNumber: '+1', emailRecipients: ['a@x.io', 'b@x.io'] }] };
    expect(valuesOf(stored)).toEqual({ documentsInEmail: false, numbers: [{ phoneNumber: '+1', recipients: 'a@x.io, b@x.io' }] });
  });
});
