import { describe, expect, it } from 'vitest';
import type { FaxRow } from '../faxes/fax-access';
import { faxFilename, formatDuration, noticeMessageId } from './fax-email-parts';
import { renderFaxOutcomeEmail, renderReceivedFaxEmail, type TNoticeContext } from './render-fax-emails';

const at = new Date('2026-11-04T23:30:00Z');
const fax = {
  id: '0b5d3c8e-7f4a-4e8e-9a43-5a4c6a1e2f10',
  direction: 'inbound',
  fromNumber: '+12025550100',
  toNumber: '+14155550101',
  senderName: 'Grace Hopper',
  recipientName: null,
  pages: 3,
  pagesSent: null,
  thumbnailKey: '5f0c1a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b',
  failureReason: null,
  failureMessage: null,
  createdAt: at,
  updatedAt: at,
  completedAt: at,
} as unknown as FaxRow;

const context = (language: 'en' | 'es' | 'fr' = 'en'): TNoticeContext => ({
  recipient: {
    address: 'ada@example.com',
    language,
    name: 'Ada',
    timeZone: null,
    unsubscribe: { kind: 'person', userId: 'u1', setting: 'faxReceived', language },
  },
  publicUrl: 'https://fax.example.com',
  unsubscribeLink: 'https://fax.example.com/api/notifications/unsubscribe?token=abc',
  messageId: '<event.hash@example.com>',
  timeZone: 'Europe/Paris',
});

describe('the e-mail of a received fax', () => {
  it('names the sender and the pages in the subject, attaches the PDF and shows the first page inline', () => {
    const email = renderReceivedFaxEmail(fax, { kind: 'attached' }, context());
    expect(email.subject).toBe('Fax from Grace Hopper, 3 pages');
    expect(email.text).toContain('From: Grace Hopper (+1 202 555 0100)');
    expect(email.html).toContain('src="cid:first-page@faxline"');
    expect(email.attachments).toEqual([
      { faxId: fax.id, part: 'document', filename: 'fax-2026-11-05-12025550100.pdf', contentType: 'application/pdf' },
      { faxId: fax.id, part: 'thumbnail', filename: 'first-page.png', contentType: 'image/png', cid: 'first-page@faxline' },
    ]);
    expect(email.headers).toEqual({
      'List-Unsubscribe': '<https://fax.example.com/api/notifications/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    });
  });

  it('carries only the sign-in link when documents stay out of e-mail, in both parts', () => {
    const email = renderReceivedFaxEmail({ ...fax, pages: 1 }, { kind: 'link', reason: 'hipaa' }, context('es'));
    expect(email.subject).toBe('Fax de Grace Hopper, 1 página');
    expect(email.attachments).toBeUndefined();
    expect(email.html).not.toContain('cid:');
    for (const part of [email.text, email.html]) expect(part).toContain('(HIPAA)');
    expect(email.text).toContain(`https://fax.example.com/user/fax-history?tab=received&fax=${fax.id}`);
  });

  it('says how large a PDF too large to attach is', () => {
    const email = renderReceivedFaxEmail(fax, { kind: 'link', reason: 'tooLarge', bytes: 12.5 * 1024 * 1024 }, context('fr'));
    expect(email.text).toMatch(/\(12,5\sMo\)/);
  });
});

describe('the confirmation of a sent fax', () => {
  const sent = { ...fax, direction: 'outbound', toNumber: '+15550100001', recipientName: 'Front desk', pagesSent: 0 } as FaxRow;

  it('gives the reason in words, the tries and their time, and the first page', () => {
    const failed = { ...sent, failureReason: 'busy', failureMessage: 'The line was busy on every try.' } as FaxRow;
    const email = renderFaxOutcomeEmail(failed, 'fax.failed', { attempts: 4, durationMs: 185_000 }, true, context());
    expect(email.subject).toBe('Fax to Front desk (+1 555 010 0001) not delivered');
    expect(email.text).toContain('Pages sent: 0 of 3\nAttempts: 4\nCall time: 3 min 5 sec\nReason: Busy: the line was engaged');
    expect(email.text).toContain('Details: The line was busy on every try.');
    expect(email.attachments).toEqual([expect.objectContaining({ part: 'thumbnail', cid: 'first-page@faxline' })]);
  });

  it('says whether another try may help, in words and in headers, as the webhook does (decision 119)', () => {
    const busy = renderFaxOutcomeEmail(
      { ...sent, failureReason: 'busy' } as FaxRow,
      'fax.failed',
      { attempts: 4, durationMs: 1 },
      false,
      context(),
    );
    expect(busy.text).toContain('Retry: Another try may get through.');
    expect(busy.headers).toMatchObject({ 'X-Faxline-Failure-Reason': 'busy', 'X-Faxline-Retryable': 'true' });
    const refused = { ...sent, failureReason: 'carrier_refused' } as FaxRow;
    const email = renderFaxOutcomeEmail(refused, 'fax.failed', { attempts: 1, durationMs: 1 }, false, context('fr'));
    expect(email.text).toContain('Nouvel essai: La renvoyer finirait de la même façon.');
    expect(email.headers).toMatchObject({ 'X-Faxline-Failure-Reason': 'carrier_refused', 'X-Faxline-Retryable': 'false' });
  });

  it('tells an uncertain fax as uncertain, never delivered nor plainly failed, with the choice its page offers', () => {
    const uncertain = { ...sent, failureReason: 'uncertain', pagesSent: 2 } as FaxRow;
    const email = renderFaxOutcomeEmail(uncertain, 'fax.failed', { attempts: 1, durationMs: 30_000 }, false, context('es'));
    expect(email.subject).toBe('Fax a Front desk (+1 555 010 0001): entrega incierta');
    expect(email.text).toContain('Faxline no lo cuenta como entregado');
    expect(email.text).toContain('reenviarlo o para dejarlo como está');
    expect(email.headers).toMatchObject({ 'X-Faxline-Failure-Reason': 'uncertain', 'X-Faxline-Retryable': 'false' });
  });

  it('says how many pages got through a partial delivery', () => {
    const partial = { ...sent, pagesSent: 1, failureReason: 'line_quality' } as FaxRow;
    const email = renderFaxOutcomeEmail(partial, 'fax.partially_delivered', { attempts: 3, durationMs: 61_000 }, true, context('es'));
    expect(email.subject).toBe('Fax para Front desk (+1 555 010 0001) entregado en parte');
    expect(email.text).toContain('el equipo receptor confirmó 1 de 3 páginas');
    expect(email.text).toContain('Motivo: ');
  });

  it('leaves the first page out where documents stay out of e-mail', () => {
    const email = renderFaxOutcomeEmail({ ...sent, pagesSent: 3 }, 'fax.delivered', { attempts: 1, durationMs: 900 }, false, context());
    expect(email.subject).toBe('Fax to Front desk (+1 555 010 0001) delivered');
    expect(email.text).not.toContain('Reason:');
    expect(email.attachments).toBeUndefined();
    expect(email.html).not.toContain('cid:');
  });
});

describe('fax e-mail parts', () => {
  it('give the same Message-ID to the same event and address, on the sender’s domain', () => {
    const id = noticeMessageId('e1', 'Ada@Example.com', 'Faxline <no-reply@fax.example.com>');
    expect(id).toBe(noticeMessageId('e1', 'ada@example.com', 'Faxline <no-reply@fax.example.com>'));
    expect(id).not.toBe(noticeMessageId('e1', 'bob@example.com', 'Faxline <no-reply@fax.example.com>'));
    expect(id).toMatch(/^<e1\.[0-9a-f]{16}@fax\.example\.com>$/);
  });

  it('name the PDF by the day in the account’s time zone and the sender’s digits', () => {
    expect(faxFilename({ createdAt: at, fromNumber: null }, 'America/New_York')).toBe('fax-2026-11-04-unknown.pdf');
  });

  it('write a call time in the language', () => {
    expect(formatDuration('en', 42_400)).toBe('42 sec');
    // French sets a narrow no-break space before a unit.
    expect(formatDuration('fr', 125_000)).toMatch(/^2\smin 5\ss$/);
  });
});
