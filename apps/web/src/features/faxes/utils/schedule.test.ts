import { describe, expect, it, vi } from 'vitest';

import {
  checkSchedule,
  formatScheduleDay,
  formatScheduleTime,
  scheduleBounds,
  scheduleDays,
  scheduleTimes,
  toIsoWithOffset,
  toLocalInputValue,
  withScheduleDay,
} from './schedule';

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

describe('the schedule picker (a day and a time in the chosen language, issue 15)', () => {
  it('offers today from the next quarter of an hour, later days whole, and the 30th day up to now', () => {
    const today = scheduleTimes('2026-03-14', now);
    expect(today[0]).toBe('09:45');
    expect(today.at(-1)).toBe('23:45');
    const later = scheduleTimes('2026-03-20', now);
    expect(later).toHaveLength(96);
    expect(later.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    const last = scheduleTimes(toLocalInputValue(minutes(30 * 24 * 60)).slice(0, 10), now);
    expect(last.at(-1)).toBe(toLocalInputValue(minutes(30 * 24 * 60)).slice(11));
    expect(scheduleTimes('2026-03-13', now)).toEqual([]);
  });

  it('offers every time it lists to the check, which accepts it', () => {
    for (const day of scheduleDays(now)) {
      for (const time of scheduleTimes(day, now)) expect(checkSchedule(`${day}T${time}`, now).ok).toBe(true);
    }
  });

  it('offers the days from today to 30 days ahead, without today once no time is left in it', () => {
    const days = scheduleDays(now);
    expect(days[0]).toBe('2026-03-14');
    expect(days).toHaveLength(31);
    expect(days.at(-1)).toBe(toLocalInputValue(minutes(30 * 24 * 60)).slice(0, 10));
    expect(scheduleDays(new Date(2026, 2, 14, 23, 50))[0]).toBe('2026-03-15');
  });

  it('keeps the chosen time when the day changes, else 09:00, else the first time of the day', () => {
    expect(withScheduleDay('2026-03-16T14:30', '', now)).toBe('');
    expect(withScheduleDay('2026-03-16T14:30', '2026-03-17', now)).toBe('2026-03-17T14:30');
    expect(withScheduleDay('', '2026-03-17', now)).toBe('2026-03-17T09:00');
    expect(withScheduleDay('', '2026-03-14', now)).toBe('2026-03-14T09:45');
  });

  it('leaves out the times the clock skips when summer time starts', () => {
    vi.stubEnv('TZ', 'Europe/Paris');
    try {
      // 29 March 2026: 02:00 becomes 03:00 in Paris.
      const times = scheduleTimes('2026-03-29', new Date(2026, 2, 20, 12, 0));
      expect(times).toContain('01:45');
      expect(times).not.toContain('02:30');
      expect(times).toContain('03:00');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('writes days and times in the chosen language, whatever the browser speaks', () => {
    expect(formatScheduleDay('2026-03-14', 'en', now)).toBe('Saturday, March 14');
    expect(formatScheduleDay('2026-03-14', 'es', now)).toBe('sábado, 14 de marzo');
    expect(formatScheduleDay('2026-03-14', 'fr', now)).toBe('samedi 14 mars');
    expect(formatScheduleDay('2027-01-02', 'fr', now)).toBe('samedi 2 janvier 2027');
    expect(formatScheduleTime('09:30', 'en')).toMatch(/^9:30\sAM$/);
    expect(formatScheduleTime('14:30', 'fr')).toBe('14:30');
    expect(formatScheduleTime('14:30', 'es')).toBe('14:30');
  });
});
