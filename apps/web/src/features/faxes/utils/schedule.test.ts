import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  checkSchedule,
  formatScheduleDay,
  formatScheduleTime,
  instantOf,
  scheduleBounds,
  scheduleDays,
  scheduleTimes,
  toIsoWithOffset,
  wallClockIn,
  withScheduleDay,
} from './schedule';

const paris = 'Europe/Paris';
const newYork = 'America/New_York';
// 09:30 on Saturday 14 March 2026 in Paris (winter time, +01:00); Paris moves to summer time (+02:00) on 29 March.
const now = new Date('2026-03-14T08:30:00Z');

// The picker follows the person's zone, never the machine's: every case runs on a machine in UTC and on one in
// Auckland (+13:00 in March), a zone neither Paris nor New York shares.
describe.each(['UTC', 'Pacific/Auckland'])('the schedule picker on a machine whose clock is in %s', (machineZone) => {
  beforeAll(() => {
    vi.stubEnv('TZ', machineZone);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('runs on that machine clock', () => {
    expect(new Date('2026-03-14T08:30:00Z').getTimezoneOffset()).toBe(machineZone === 'UTC' ? 0 : -780);
  });

  describe('its bounds and checks (at most 30 days ahead)', () => {
    it('offers the next minute to 30 days ahead, on the clock of the person’s zone', () => {
      // Thirty days of 24 hours end an hour later on the clock, Paris having moved to summer time meanwhile.
      expect(scheduleBounds(now, paris)).toEqual({ min: '2026-03-14T09:31', max: '2026-04-13T10:30' });
      expect(scheduleBounds(now, newYork)).toEqual({ min: '2026-03-14T04:31', max: '2026-04-13T04:30' });
    });

    it('sends now when empty', () => {
      expect(checkSchedule('', now, paris)).toEqual({ ok: true, scheduledAt: undefined });
    });

    it('sends the time chosen as the instant it names in the person’s zone, with that zone’s offset on that day', () => {
      expect(checkSchedule('2026-03-15T08:00', now, paris)).toEqual({ ok: true, scheduledAt: '2026-03-15T08:00:00+01:00' });
      expect(checkSchedule('2026-03-30T08:00', now, paris)).toEqual({ ok: true, scheduledAt: '2026-03-30T08:00:00+02:00' });
      expect(checkSchedule('2026-03-15T08:00', now, newYork)).toEqual({ ok: true, scheduledAt: '2026-03-15T08:00:00-04:00' });
      expect(checkSchedule('2026-03-15T08:00', now, 'Asia/Kolkata')).toEqual({ ok: true, scheduledAt: '2026-03-15T08:00:00+05:30' });
      const sent = checkSchedule('2026-03-30T08:00', now, paris);
      expect(sent.ok && new Date(sent.scheduledAt!).toISOString()).toBe('2026-03-30T06:00:00.000Z');
    });

    it('refuses a time that has passed, or now', () => {
      expect(checkSchedule('2026-03-14T09:00', now, paris)).toEqual({ ok: false, problem: 'past' });
      expect(checkSchedule('2026-03-14T09:30', now, paris)).toEqual({ ok: false, problem: 'past' });
      // 09:45 has passed in Paris but is hours away in New York.
      expect(checkSchedule('2026-03-14T09:45', now, paris).ok).toBe(true);
      expect(checkSchedule('2026-03-14T04:00', now, newYork)).toEqual({ ok: false, problem: 'past' });
    });

    it('accepts exactly 30 days ahead and refuses a minute more', () => {
      expect(checkSchedule('2026-04-13T10:30', now, paris).ok).toBe(true);
      expect(checkSchedule('2026-04-13T10:31', now, paris)).toEqual({ ok: false, problem: 'tooFar' });
    });

    it('refuses what is not a date and time, and a time the clock skips', () => {
      expect(checkSchedule('tomorrow', now, paris)).toEqual({ ok: false, problem: 'invalid' });
      expect(checkSchedule('2026-02-30T25:00', now, paris)).toEqual({ ok: false, problem: 'invalid' });
      // 29 March 2026: 02:00 becomes 03:00 in Paris.
      expect(checkSchedule('2026-03-29T02:30', now, paris)).toEqual({ ok: false, problem: 'invalid' });
    });

    it('writes a moment with the offset its zone has at that moment', () => {
      const date = new Date('2026-07-01T10:00:00Z');
      expect(toIsoWithOffset(date, paris)).toBe('2026-07-01T12:00:00+02:00');
      expect(toIsoWithOffset(date, newYork)).toBe('2026-07-01T06:00:00-04:00');
      expect(toIsoWithOffset(date, 'UTC')).toBe('2026-07-01T10:00:00+00:00');
      expect(toIsoWithOffset(new Date('2026-01-01T10:00:00Z'), paris)).toBe('2026-01-01T11:00:00+01:00');
    });

    it('reads an hour the clock runs twice as its first run, and gives back the wall clock of any moment', () => {
      // 1 November 2026: 02:00 summer time becomes 01:00 again in New York.
      expect(instantOf('2026-11-01T01:30', newYork)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
      expect(wallClockIn(new Date('2026-11-01T06:30:00Z'), newYork)).toBe('2026-11-01T01:30');
      expect(instantOf('2026-11-01T02:30', newYork)?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    });
  });

  describe('its days and times', () => {
    it('offers today from the next quarter of an hour, later days whole, and the 30th day up to now', () => {
      const today = scheduleTimes('2026-03-14', now, paris);
      expect(today[0]).toBe('09:45');
      expect(today.at(-1)).toBe('23:45');
      const later = scheduleTimes('2026-03-20', now, paris);
      expect(later).toHaveLength(96);
      expect(later.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
      expect(scheduleTimes('2026-04-13', now, paris).at(-1)).toBe('10:30');
      expect(scheduleTimes('2026-03-13', now, paris)).toEqual([]);
      // The same moment is 04:30 in New York.
      expect(scheduleTimes('2026-03-14', now, newYork)[0]).toBe('04:45');
    });

    it('offers every time it lists to the check, which accepts it', () => {
      for (const day of scheduleDays(now, paris)) {
        for (const time of scheduleTimes(day, now, paris)) expect(checkSchedule(`${day}T${time}`, now, paris).ok).toBe(true);
      }
    });

    it('offers the days of the person’s zone from today to 30 days ahead, without today once no time is left in it', () => {
      const days = scheduleDays(now, paris);
      expect(days[0]).toBe('2026-03-14');
      expect(days).toHaveLength(31);
      expect(days.at(-1)).toBe('2026-04-13');
      // 23:50 in Paris: nothing is left of the 14th there; it is still the afternoon of the 14th in New York.
      const lateEvening = new Date('2026-03-14T22:50:00Z');
      expect(scheduleDays(lateEvening, paris)[0]).toBe('2026-03-15');
      expect(scheduleDays(lateEvening, newYork)[0]).toBe('2026-03-14');
      // Already the 15th in Tokyo.
      expect(scheduleDays(lateEvening, 'Asia/Tokyo')[0]).toBe('2026-03-15');
    });

    it('keeps the chosen time when the day changes, else 09:00, else the first time of the day', () => {
      expect(withScheduleDay('2026-03-16T14:30', '', now, paris)).toBe('');
      expect(withScheduleDay('2026-03-16T14:30', '2026-03-17', now, paris)).toBe('2026-03-17T14:30');
      expect(withScheduleDay('', '2026-03-17', now, paris)).toBe('2026-03-17T09:00');
      expect(withScheduleDay('', '2026-03-14', now, paris)).toBe('2026-03-14T09:45');
    });

    it('leaves out the times the clock skips when summer time starts, and lists an hour run twice once', () => {
      const spring = scheduleTimes('2026-03-29', new Date('2026-03-20T12:00:00Z'), paris);
      expect(spring).toContain('01:45');
      expect(spring).not.toContain('02:30');
      expect(spring).toContain('03:00');
      expect(spring).toHaveLength(92);
      const autumn = scheduleTimes('2026-11-01', new Date('2026-10-20T12:00:00Z'), newYork);
      expect(autumn).toHaveLength(96);
      expect(checkSchedule('2026-11-01T01:30', new Date('2026-10-20T12:00:00Z'), newYork)).toEqual({
        ok: true,
        scheduledAt: '2026-11-01T01:30:00-04:00',
      });
    });

    it('writes days and times in the chosen language, whatever the browser speaks', () => {
      expect(formatScheduleDay('2026-03-14', 'en', now, paris)).toBe('Saturday, March 14');
      expect(formatScheduleDay('2026-03-14', 'es', now, paris)).toBe('sábado, 14 de marzo');
      expect(formatScheduleDay('2026-03-14', 'fr', now, paris)).toBe('samedi 14 mars');
      expect(formatScheduleDay('2027-01-02', 'fr', now, paris)).toBe('samedi 2 janvier 2027');
      expect(formatScheduleTime('09:30', 'en')).toMatch(/^9:30\sAM$/);
      expect(formatScheduleTime('14:30', 'fr')).toBe('14:30');
      expect(formatScheduleTime('14:30', 'es')).toBe('14:30');
    });

    it('adds the year to a day of another year than the person’s current one', () => {
      // 23:30 UTC on 31 December: already 2027 in Tokyo.
      const newYearsEve = new Date('2026-12-31T23:30:00Z');
      expect(formatScheduleDay('2027-01-02', 'en', newYearsEve, 'Asia/Tokyo')).toBe('Saturday, January 2');
      expect(formatScheduleDay('2027-01-02', 'en', newYearsEve, 'UTC')).toBe('Saturday, January 2, 2027');
    });
  });
});
