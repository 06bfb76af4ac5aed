import type { TWebhookAttempt, TWebhookMessage } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { attemptOutcome, attemptsLatestFirst, formatAttemptDuration, maySendAgain } from './delivery-log';

const attempt = (overrides: Partial<TWebhookAttempt> = {}): TWebhookAttempt => ({
  number: 1,
  startedAt: '2026-11-27T10:00:00.000Z',
  endedAt: '2026-11-27T10:00:00.120Z',
  responseStatus: 200,
  responseExcerpt: 'ok',
  error: null,
  durationMs: 120,
  ...overrides,
});

const message = (overrides: Partial<TWebhookMessage> = {}): TWebhookMessage => ({
  id: 'm1',
  type: 'fax.delivered',
  status: 'delivered',
  nextTryAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  attempts: [attempt()],
  ...overrides,
});

describe('attemptOutcome', () => {
  it('tells a 2xx answer from another answer, from no answer, from a try still running', () => {
    expect(attemptOutcome(attempt({ responseStatus: 204 }))).toBe('succeeded');
    expect(attemptOutcome(attempt({ responseStatus: 500 }))).toBe('httpError');
    expect(attemptOutcome(attempt({ responseStatus: 301 }))).toBe('httpError');
    expect(attemptOutcome(attempt({ responseStatus: null, error: 'Timed out after 10 s' }))).toBe('noResponse');
    expect(attemptOutcome(attempt({ responseStatus: null, endedAt: null, error: null, durationMs: null }))).toBe('running');
  });
});

describe('attemptsLatestFirst', () => {
  it('puts the latest try first without changing the message', () => {
    const tries = [attempt({ number: 1, responseStatus: 500 }), attempt({ number: 3 }), attempt({ number: 2, responseStatus: 500 })];
    const logged = message({ attempts: tries });
    expect(attemptsLatestFirst(logged).map((a) => a.number)).toEqual([3, 2, 1]);
    expect(logged.attempts.map((a) => a.number)).toEqual([1, 3, 2]);
  });
});

describe('maySendAgain', () => {
  it('offers "Send again" for a delivered or failed message, and for one waiting for its next try', () => {
    expect(maySendAgain(message())).toBe(true);
    expect(maySendAgain(message({ status: 'failed', attempts: [attempt({ responseStatus: 500 })] }))).toBe(true);
    const waiting = message({ status: 'pending', nextTryAt: '2026-11-27T10:05:00.000Z', attempts: [attempt({ responseStatus: 503 })] });
    expect(maySendAgain(waiting)).toBe(true);
  });

  it('does not offer it before the first try has run, nor while a try is under way', () => {
    expect(maySendAgain(message({ status: 'pending', attempts: [] }))).toBe(false);
    const running = attempt({ number: 2, endedAt: null, responseStatus: null, error: null, durationMs: null });
    expect(maySendAgain(message({ status: 'pending', attempts: [attempt({ responseStatus: 500 }), running] }))).toBe(false);
  });
});

describe('formatAttemptDuration', () => {
  it('says milliseconds under a second and seconds above, in the chosen language', () => {
    expect(formatAttemptDuration(80, 'en')).toBe('80 ms');
    expect(formatAttemptDuration(10_000, 'en')).toBe('10 sec');
    expect(formatAttemptDuration(1_540, 'fr')).toBe('1,5\u202fs');
  });
});
