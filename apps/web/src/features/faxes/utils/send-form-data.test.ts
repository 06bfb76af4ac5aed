import { ZSendFaxRequest } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { buildSendForm, newIdempotencyKey, sendRequestOf, submissionSignature } from './send-form-data';

const base = {
  recipientNumber: '+14155550101',
  faxQuality: 'fine' as const,
  coverPageMessage: '',
  coverSubject: '  ',
  recipientName: '',
  scheduledAt: undefined,
  fromNumber: '',
};

describe('the send request', () => {
  it('leaves out what was not filled in, and passes the shared schema', () => {
    const request = sendRequestOf(base);
    expect(request).toEqual({ recipientNumber: '+14155550101', faxQuality: 'fine' });
    expect(ZSendFaxRequest.safeParse(request).success).toBe(true);
  });

  it('keeps what was filled in, trimmed', () => {
    const request = sendRequestOf({
      ...base,
      coverPageMessage: ' Hello ',
      coverSubject: 'Contract',
      recipientName: 'Dr. Who',
      scheduledAt: '2026-03-15T08:00:00+01:00',
      fromNumber: '+14155550100',
    });
    expect(request).toEqual({
      recipientNumber: '+14155550101',
      faxQuality: 'fine',
      coverPageMessage: 'Hello',
      coverSubject: 'Contract',
      recipientName: 'Dr. Who',
      scheduledAt: '2026-03-15T08:00:00+01:00',
      fromNumber: '+14155550100',
    });
    expect(ZSendFaxRequest.safeParse(request).success).toBe(true);
  });
});

describe('the multipart body (spec 001 §3)', () => {
  it('holds request.json, then the files as attachment_0... in order', async () => {
    const files = [new File(['%PDF-1.4'], 'b.pdf'), new File(['png'], 'a.png')];
    const form = buildSendForm({ recipientNumber: '+14155550101', faxQuality: 'standard' }, files);
    expect([...form.keys()]).toEqual(['request.json', 'attachment_0', 'attachment_1']);
    const json = form.get('request.json') as File;
    expect(JSON.parse(await json.text())).toEqual({ recipientNumber: '+14155550101', faxQuality: 'standard' });
    expect((form.get('attachment_0') as File).name).toBe('b.pdf');
    expect((form.get('attachment_1') as File).name).toBe('a.png');
  });
});

describe('idempotency', () => {
  it('gives the same signature to an unchanged submission and another to a changed one', () => {
    const request = { recipientNumber: '+14155550101', faxQuality: 'standard' as const };
    const files = [{ name: 'a.pdf', size: 10, lastModified: 1 }];
    expect(submissionSignature(request, files)).toBe(submissionSignature({ ...request }, [...files]));
    expect(submissionSignature(request, files)).not.toBe(submissionSignature({ ...request, faxQuality: 'fine' }, files));
    expect(submissionSignature(request, files)).not.toBe(
      submissionSignature(request, [...files, { name: 'b.pdf', size: 1, lastModified: 1 }]),
    );
  });

  it('makes a fresh UUID for each new submission', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
