import { MAX_COVER_MESSAGE_LENGTH, MAX_COVER_SUBJECT_LENGTH, MESSAGES } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import enFaxes from '@/locales/en/faxes.json';

import { checkSendFax, type TSendValues } from './send-checks';

// 09:30 on 14 March 2026 in New York (summer time there since 8 March), whatever the machine's zone.
const zone = 'America/New_York';
const now = new Date('2026-03-14T13:30:00Z');
const valid: TSendValues = {
  signedIn: true,
  recipient: '+1 415 555 0101',
  recipientName: '',
  faxQuality: 'standard',
  fromNumber: '',
  fileCount: 1,
  coverSubject: '',
  coverMessage: '',
  schedule: '',
};
const english = (key: string, values: Record<string, string | number> = {}) => {
  const [root, path] = key.startsWith('messages:') ? [MESSAGES.en, key.slice('messages:'.length)] : [enFaxes, key];
  const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root);
  return String(text).replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ''));
};
const toastOf = (values: Partial<TSendValues>) => {
  const result = checkSendFax({ ...valid, ...values }, now, zone);
  return result.ok ? null : `${english(result.problem.title)}: ${english(result.problem.description, result.problem.values)}`;
};

describe('send fax checks (spec 001 §5)', () => {
  it('needs a signed-in person', () => {
    expect(toastOf({ signedIn: false })).toBe('Authentication Error: You must be signed in to send a fax.');
  });

  it('needs an E.164 recipient, and sends the number as E.164 whatever its spacing', () => {
    const message = 'Invalid Recipient Number: Please enter a valid recipient fax number in E.164 format (e.g., +15551234567).';
    expect(toastOf({ recipient: '' })).toBe(message);
    expect(toastOf({ recipient: '5551234567' })).toBe(message);
    expect(toastOf({ recipient: '+0123456' })).toBe(message);
    expect(toastOf({ recipient: 'fax me' })).toBe(message);
    const result = checkSendFax({ ...valid, recipient: '+1 (415) 555-0101' }, now, zone);
    expect(result.ok && result.request.recipientNumber).toBe('+14155550101');
  });

  it('checks the recipient before anything else but sign-in', () => {
    expect(toastOf({ recipient: 'x', fileCount: 0 })).toMatch(/^Invalid Recipient Number/);
  });

  it('needs a file or a cover message', () => {
    expect(toastOf({ fileCount: 0, coverMessage: '   ' })).toBe(
      'Nothing to Send: Please attach at least one file or write a cover page message.',
    );
    const problem = checkSendFax({ ...valid, fileCount: 0 }, now, zone);
    expect(!problem.ok && problem.problem.field).toBe('attachments');
  });

  it('lets a cover message alone through, flagged for the Cover Page Only notice', () => {
    const result = checkSendFax({ ...valid, fileCount: 0, coverMessage: 'Please call me back.' }, now, zone);
    expect(result).toEqual({
      ok: true,
      request: { recipientNumber: '+14155550101', faxQuality: 'standard', coverPageMessage: 'Please call me back.' },
      coverOnly: true,
    });
    expect(checkSendFax(valid, now, zone)).toMatchObject({ ok: true, coverOnly: false });
  });

  it('refuses a send time in the past or beyond 30 days', () => {
    expect(toastOf({ schedule: '2026-03-13T09:00' })).toBe(
      'Invalid Send Time: The scheduled time has already passed. Choose a time in the future.',
    );
    expect(toastOf({ schedule: '2026-05-01T09:00' })).toBe('Invalid Send Time: A fax can be scheduled at most 30 days ahead.');
    expect(checkSendFax({ ...valid, schedule: '2026-03-20T09:00' }, now, zone)).toMatchObject({ ok: true });
  });

  it('sends the request the shared schema accepts, with the send time as ISO 8601', () => {
    const result = checkSendFax(
      { ...valid, recipientName: ' Dr. Who ', coverSubject: 'Contract', faxQuality: 'fine', schedule: '2026-03-20T09:00' },
      now,
      zone,
    );
    expect(result).toMatchObject({
      ok: true,
      request: { recipientNumber: '+14155550101', faxQuality: 'fine', recipientName: 'Dr. Who', coverSubject: 'Contract' },
    });
    expect(result.ok && result.request.scheduledAt).toBe('2026-03-20T09:00:00-04:00');
  });

  it('refuses, on the field to fix, what the server would refuse in the texts', () => {
    const forbidden =
      'Fax Sending Failed: This text contains control characters or broken Unicode characters, which are not allowed. Remove them and try again.';
    expect(toastOf({ recipientName: 'Dr.\u0007Who' })).toBe(forbidden);
    expect(toastOf({ coverMessage: 'Hello\u0000' })).toBe(forbidden);
    const subject = checkSendFax({ ...valid, coverSubject: 'Re:\u001b' }, now, zone);
    expect(!subject.ok && subject.problem.field).toBe('coverSubject');
    expect(toastOf({ coverSubject: 'x'.repeat(MAX_COVER_SUBJECT_LENGTH + 1) })).toBe(
      `Fax Sending Failed: The cover subject is too long: it can have at most ${MAX_COVER_SUBJECT_LENGTH} characters.`,
    );
    expect(toastOf({ coverMessage: 'x'.repeat(MAX_COVER_MESSAGE_LENGTH + 1) })).toBe(
      `Fax Sending Failed: The cover message is too long: it can have at most ${MAX_COVER_MESSAGE_LENGTH} characters.`,
    );
    expect(checkSendFax({ ...valid, coverMessage: 'Line one\r\n\tLine two' }, now, zone)).toMatchObject({ ok: true });
  });

  it("checks the spec's rules before the texts", () => {
    expect(toastOf({ recipientName: '\u0007', fileCount: 0 })).toMatch(/^Nothing to Send/);
  });
});
