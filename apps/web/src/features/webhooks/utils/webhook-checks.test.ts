import { FAX_EVENT_TYPES, MAX_WEBHOOK_DESCRIPTION_LENGTH } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import {
  allEventsState,
  checkChatNotice,
  checkWebhook,
  checkWebhookChanges,
  EMPTY_CHAT_NOTICE_VALUES,
  EMPTY_WEBHOOK_VALUES,
  toggleEvent,
  webhookFieldOf,
} from './webhook-checks';

const valid = { ...EMPTY_WEBHOOK_VALUES, url: ' https://example.com/hooks/faxline ', events: ['fax.received' as const] };

describe('checkWebhook', () => {
  it('trims the URL and description, keeps each event once, and signs with HMAC-SHA256 unless told', () => {
    expect(checkWebhook({ ...valid, description: '  Billing  ', events: ['fax.received', 'fax.failed', 'fax.received'] })).toEqual({
      ok: true,
      request: {
        url: 'https://example.com/hooks/faxline',
        description: 'Billing',
        events: ['fax.received', 'fax.failed'],
        enabled: true,
        signing: 'hmac-sha256',
      },
    });
    expect(checkWebhook({ ...valid, signing: 'ed25519' })).toMatchObject({ ok: true, request: { signing: 'ed25519' } });
  });

  it('asks for a URL, then a web address, then at least one event, with the shared messages', () => {
    expect(checkWebhook({ ...valid, url: '   ' })).toEqual({ ok: false, field: 'url', key: 'messages:errors.webhookUrlRequired' });
    expect(checkWebhook({ ...valid, url: 'ftp://example.com/in' })).toEqual({
      ok: false,
      field: 'url',
      key: 'messages:errors.webhookUrlInvalid',
    });
    expect(checkWebhook({ ...valid, url: 'not a url' })).toMatchObject({ ok: false, field: 'url' });
    expect(checkWebhook({ ...valid, events: [] })).toEqual({ ok: false, field: 'events', key: 'messages:errors.webhookEventsRequired' });
  });

  it('refuses a description past the contract’s limit or with a control character', () => {
    expect(checkWebhook({ ...valid, description: 'x'.repeat(MAX_WEBHOOK_DESCRIPTION_LENGTH + 1) })).toEqual({
      ok: false,
      field: 'description',
      key: 'messages:errors.webhookDescriptionTooLong',
    });
    expect(checkWebhook({ ...valid, description: 'line\u0007bell' })).toEqual({
      ok: false,
      field: 'description',
      key: 'messages:validation.forbiddenCharacters',
    });
  });
});

describe('checkWebhookChanges', () => {
  it('sends the URL, description and events only, never a signing method', () => {
    expect(checkWebhookChanges({ url: 'http://localhost:4000/in', description: '', events: ['fax.delivered'] })).toEqual({
      ok: true,
      request: { url: 'http://localhost:4000/in', description: '', events: ['fax.delivered'] },
    });
    expect(checkWebhookChanges({ url: '', description: '', events: ['fax.delivered'] })).toMatchObject({ ok: false, field: 'url' });
  });
});

describe('events', () => {
  it('keeps the contract’s order whatever order they are ticked in', () => {
    expect(toggleEvent(['fax.received'], 'fax.queued', true)).toEqual(['fax.queued', 'fax.received']);
    expect(toggleEvent(['fax.queued', 'fax.received'], 'fax.queued', false)).toEqual(['fax.received']);
  });

  it('shows "All events" as checked, half or unchecked', () => {
    expect(allEventsState([...FAX_EVENT_TYPES])).toBe('all');
    expect(allEventsState(['fax.failed'])).toBe('some');
    expect(allEventsState([])).toBe('none');
  });
});

describe('webhookFieldOf', () => {
  it('finds the field of a zod path or of the server’s dotted issue path', () => {
    expect(webhookFieldOf(['events', 0])).toBe('events');
    expect(webhookFieldOf('events.2')).toBe('events');
    expect(webhookFieldOf('description')).toBe('description');
    expect(webhookFieldOf('url')).toBe('url');
    expect(webhookFieldOf(undefined)).toBe('url');
  });
});

describe('checkChatNotice', () => {
  it('sends the chosen app with the trimmed URL and the events, and asks for the same fields as an endpoint', () => {
    const values = {
      ...EMPTY_CHAT_NOTICE_VALUES,
      app: 'teams' as const,
      url: ' https://x.webhook.office.com/webhookb2/a ',
      events: ['fax.failed' as const],
    };
    expect(checkChatNotice(values)).toEqual({
      ok: true,
      request: { app: 'teams', url: 'https://x.webhook.office.com/webhookb2/a', description: '', events: ['fax.failed'], enabled: true },
    });
    expect(checkChatNotice({ ...values, url: '' })).toEqual({ ok: false, field: 'url', key: 'messages:errors.webhookUrlRequired' });
    expect(checkChatNotice({ ...values, events: [] })).toEqual({
      ok: false,
      field: 'events',
      key: 'messages:errors.webhookEventsRequired',
    });
  });
});
