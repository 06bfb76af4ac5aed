import { describe, expect, it } from 'vitest';

import { checkSchedule, scheduleBounds, toIsoWithOffset, toLocalInputValue } from './schedule';

const now = new Date(2026, 2, 14, 9, 30, 0);
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('schedule bounds (at most 30 days ahead)', () => {
  it('offers the next minute to 30 days ahead in the picker', () => {
    expect(scheduleBounds(now)).toEqual({ min: '2026-03-14T09:31', max: toLocalInputValue(minutes(30 * 24 * 60)) });
  });

  it('sends now when empty', () => {
    expect(checkSchedule('', now)).toEqual({ ok: true, scheduledAt: undefined });
  });

  it('accepts a future time and sends it as ISO with the local offset', () => {
    const result = checkSchedule('2026-03-15T08:00', now);
    expect(result.ok).toBe(true);
    const scheduledAt = result.ok ? result.scheduledAt! : '';
    expect(scheduledAt).toMatch(/^2026-03-15T08:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(scheduledAt).getTime()).toBe(new Date(2026, 2, 15, 8, 0).getTime());
  });

  it('refuses a time that has passed, or now', () => {
    expect(checkSchedule('2026-03-14T09:00', now)).toEqual({ ok: false, problem: 'past' });
    expect(checkSchedule('2026-03-14T09:30', now)).toEqual({ ok: false, problem: 'past' });
  });

  it('accepts exactly 30 days ahead and refuses a minute more', () => {
    expect(checkSchedule(toLocalInputValue(minutes(30 * 24 * 60)), now).ok).toBe(true);
    expect(checkSchedule(toLocalInputValue(minutes(30 * 24 * 60 + 1)), now)).toEqual({ ok: false, problem: 'tooFar' });
  });

  it('refuses what is not a date and time', () => {
    expect(checkSchedule('tomorrow', now)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkSchedule('2026-02-30T25:00', now)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('writes the offset of the date itself', () => {
    const date = new Date(2026, 6, 1, 12, 0, 0);
    const offset = -date.getTimezoneOffset();
    const sign = offset >= 0 ? '+' : '-';
    const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
    const mm = String(Math.abs(offset) % 60).padStart(2, '0');
    expect(toIsoWithOffset(date)).toBe(`2026-07-01T12:00:00${sign}${hh}:${mm}`);
  });
});
