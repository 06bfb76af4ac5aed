import { describe, expect, it } from 'vitest';

import { counterpartOf, eventKindOf, relativeTimeOf, unreadCount } from './notification-view';

describe('eventKindOf', () => {
  it('says a received fax arrived, whatever its status', () => {
    expect(eventKindOf({ direction: 'inbound', status: 'received' })).toBe('received');
  });

  it('names how a sent fax ended', () => {
    expect(eventKindOf({ direction: 'outbound', status: 'delivered' })).toBe('delivered');
    expect(eventKindOf({ direction: 'outbound', status: 'partially_delivered' })).toBe('partiallyDelivered');
    expect(eventKindOf({ direction: 'outbound', status: 'failed' })).toBe('failed');
    expect(eventKindOf({ direction: 'outbound', status: 'canceled' })).toBe('canceled');
    expect(eventKindOf({ direction: 'outbound', status: 'sending' })).toBe('updated');
  });
});

describe('unreadCount', () => {
  it('counts the events not opened yet', () => {
    expect(unreadCount([{ unread: true }, { unread: false }, { unread: true }])).toBe(2);
    expect(unreadCount([])).toBe(0);
  });
});

describe('counterpartOf', () => {
  it('writes a fax number in international format and keeps a name', () => {
    expect(counterpartOf({ counterpart: '+14155550100' })).toBe('+1 415 555 0100');
    expect(counterpartOf({ counterpart: 'Dr. Grace Hopper' })).toBe('Dr. Grace Hopper');
  });

  it('is null when the other party is unknown', () => {
    expect(counterpartOf({ counterpart: null })).toBeNull();
    expect(counterpartOf({ counterpart: '  ' })).toBeNull();
  });
});

describe('relativeTimeOf', () => {
  const now = new Date('2026-03-14T12:00:00Z');

  it('says how long ago, in the language asked for', () => {
    expect(relativeTimeOf('2026-03-14T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTimeOf('2026-03-14T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTimeOf('2026-03-13T11:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTimeOf('2026-03-14T09:00:00Z', now, 'es')).toBe('hace 3 horas');
    expect(relativeTimeOf('2026-03-14T11:55:00Z', now, 'fr')).toBe('il y a 5 minutes');
  });

  it('says now for less than a minute, also for a clock slightly ahead', () => {
    expect(relativeTimeOf('2026-03-14T11:59:30Z', now, 'en')).toBe('now');
    expect(relativeTimeOf('2026-03-14T12:00:10Z', now, 'en')).toBe('now');
  });
});
