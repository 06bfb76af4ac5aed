import { MAX_EMAIL_FAX_SENDERS } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { addSenders, checkEmailToFax, fieldOfPath, valuesOf } from './email-to-fax-checks';

const many = (count: number) => Array.from({ length: count }, (_, i) => `sender${i}@example.com`);

describe('adding allowed addresses', () => {
  it('adds them lower-case, as the server stores them, each once, one typed or several pasted', () => {
    expect(addSenders(['desk@example.com'], '  Scanner@Example.COM ')).toEqual({
      ok: true,
      allowedSenders: ['desk@example.com', 'scanner@example.com'],
    });
    expect(addSenders([], 'a@example.com, B@example.com; a@example.com\nc@example.com')).toEqual({
      ok: true,
      allowedSenders: ['a@example.com', 'b@example.com', 'c@example.com'],
    });
  });

  it('refuses an empty line, something that is not an address, and an address already listed', () => {
    expect(addSenders([], '   ')).toEqual({ ok: false, field: 'newSender', key: 'messages:validation.required' });
    expect(addSenders([], 'a@example.com not-an-address')).toEqual({ ok: false, field: 'newSender', key: 'messages:validation.email' });
    expect(addSenders(['desk@example.com'], 'DESK@example.com')).toEqual({
      ok: false,
      field: 'newSender',
      key: 'email-to-fax:senders.duplicate',
    });
  });

  it(`stops at ${MAX_EMAIL_FAX_SENDERS} addresses, the shared limit`, () => {
    const added = addSenders(many(MAX_EMAIL_FAX_SENDERS - 1), 'last@example.com');
    expect(added.ok && added.allowedSenders).toHaveLength(MAX_EMAIL_FAX_SENDERS);
    expect(addSenders(many(MAX_EMAIL_FAX_SENDERS), 'one-more@example.com')).toEqual({
      ok: false,
      field: 'newSender',
      key: 'messages:errors.tooManyEmailFaxSenders',
    });
  });
});

describe('saving the settings', () => {
  const stored = {
    domain: 'fax.example.com',
    senders: [{ address: 'desk@example.com', status: 'active' as const, expiresAt: null, confirmedAt: '2026-12-01T10:00:00.000Z' }],
    authPolicy: 'report' as const,
    includeBody: true,
  };

  it('sends the list, the policy and the choice, with an address typed but not yet added', () => {
    expect(checkEmailToFax({ ...valuesOf(stored), authPolicy: 'enforce', includeBody: false })).toEqual({
      ok: true,
      request: { allowedSenders: ['desk@example.com'], authPolicy: 'enforce', includeBody: false },
    });
    expect(checkEmailToFax({ ...valuesOf(stored), newSender: 'Scanner@example.com' })).toEqual({
      ok: true,
      request: { allowedSenders: ['desk@example.com', 'scanner@example.com'], authPolicy: 'report', includeBody: true },
    });
    expect(checkEmailToFax({ ...valuesOf(stored), newSender: 'nope' })).toMatchObject({ ok: false, key: 'messages:validation.email' });
  });

  it("puts the server's problems with the addresses under their input, the rest over the form", () => {
    expect(fieldOfPath('body.allowedSenders')).toBe('newSender');
    expect(fieldOfPath('body.allowedSenders.3')).toBe('newSender');
    expect(fieldOfPath('body.authPolicy')).toBeNull();
    expect(fieldOfPath(undefined)).toBeNull();
  });

  it('starts from what the server stored, with nothing typed', () => {
    expect(valuesOf(stored)).toEqual({ allowedSenders: ['desk@example.com'], newSender: '', authPolicy: 'report', includeBody: true });
  });
});
