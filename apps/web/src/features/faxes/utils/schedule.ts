import { MAX_SCHEDULE_DAYS } from '@faxline/shared';

/*
 * The schedule picker reads and writes a wall clock ("2026-03-14T09:30") in the person's time zone (their profile's,
 * else the browser's), the zone every other time of the portal is shown in; what is sent is the instant that wall
 * clock names there, with that zone's offset.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
const wallClockFormat = (timeZone: string) => {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
};

/** The wall clock of a moment in a time zone, to the second, as numbers. */
function wallClockParts(date: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** A moment as the schedule picker's value, on the wall clock of the time zone given: "2026-03-14T09:30". */
export function wallClockIn(date: Date, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClockParts(date, timeZone);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** How far the time zone's clock is ahead of UTC at a moment, in minutes (+60 in Paris in winter, -240 in New York in summer). */
function offsetMinutesAt(date: Date, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClockParts(date, timeZone);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / MINUTE_MS);
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The moment a wall clock ("2026-03-14T09:30", seconds optional) names in a time zone; null for what is not a date and
 * time, or a time the clock skips there (the hour lost when summer time starts). An hour the clock runs twice (when
 * summer time ends) is its first run.
 */
export function instantOf(wallClock: string, timeZone: string): Date | null {
  const match = WALL_CLOCK.exec(wallClock);
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second);
  const wanted = wallClock.slice(0, 16);
  // The zone's offset a day either side covers both sides of any change of its clock.
  const offsets = new Set([asUtc - DAY_MS, asUtc + DAY_MS].map((at) => offsetMinutesAt(new Date(at), timeZone)));
  const matches = [...offsets]
    .map((offset) => new Date(asUtc - offset * MINUTE_MS))
    .filter((candidate) => wallClockIn(candidate, timeZone) === wanted)
    .sort((a, b) => a.getTime() - b.getTime());
  return matches[0] ?? null;
}

/** A moment to the minute, as the picker's values are. */
const floorMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/** The picker's bounds: from the next minute to 30 days ahead (DESIGN.md, the server's check), in the time zone given. */
export function scheduleBounds(now: Date, timeZone: string): { min: string; max: string } {
  return {
    min: wallClockIn(new Date(now.getTime() + MINUTE_MS), timeZone),
    max: wallClockIn(new Date(now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS), timeZone),
  };
}

/** The picker offers a time every quarter of an hour. */
export const SCHEDULE_STEP_MINUTES = 15;

/**
 * The times offered on `day` ("2026-03-14") in the time zone given, every quarter of an hour within the bounds, as
 * "09:30". A time that the clock skips (the hour lost when summer time starts) is left out.
 */
export function scheduleTimes(day: string, now: Date, timeZone: string): string[] {
  return [...offeredTimes(day, now, timeZone)];
}

function* offeredTimes(day: string, now: Date, timeZone: string): Generator<string> {
  const first = floorMinute(now.getTime() + MINUTE_MS);
  const last = floorMinute(now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS);
  for (let minutes = 0; minutes < 24 * 60; minutes += SCHEDULE_STEP_MINUTES) {
    const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    const at = instantOf(`${day}T${time}`, timeZone);
    if (at && at.getTime() >= first && at.getTime() <= last) yield time;
  }
}

/** The days with a time left to offer in the time zone given, from its today to 30 days ahead, as "2026-03-14". */
export function scheduleDays(now: Date, timeZone: string): string[] {
  const { year, month, day } = wallClockParts(now, timeZone);
  const days: string[] = [];
  for (let offset = 0; offset <= MAX_SCHEDULE_DAYS; offset += 1) {
    // Calendar arithmetic on a UTC date: the zone's days are counted, whatever its clock does.
    const date = new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
    // One offered time is enough to list the day: the rest of it is not worked out.
    if (!offeredTimes(date, now, timeZone).next().done) days.push(date);
  }
  return days;
}

/**
 * The picker's value when the day changes: '' to send now; otherwise the day at the time already chosen if that day
 * offers it, else at 09:00, else at its first time.
 */
export function withScheduleDay(value: string, day: string, now: Date, timeZone: string): string {
  if (day === '') return '';
  const times = scheduleTimes(day, now, timeZone);
  const current = value.slice(11, 16);
  const time = times.includes(current) ? current : times.includes('09:00') ? '09:00' : (times[0] ?? '09:00');
  return `${day}T${time}`;
}

/**
 * A day of the picker in the chosen language: "Saturday, March 14" (with the year when it is not this year's in the
 * time zone given). A day is a calendar day, the same in every zone, so it is written as UTC's.
 */
export function formatScheduleDay(day: string, language: string, now: Date, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(year === wallClockParts(now, timeZone).year ? {} : { year: 'numeric' }),
  }).format(new Date(Date.UTC(year, month - 1, date, 12)));
}

/** A time of the picker in the chosen language's clock: "9:30 AM" in English, "09:30" in French. */
export function formatScheduleTime(time: string, language: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
  );
}

/** ISO 8601 with the time zone's offset at that moment, as the API wants it: "2026-03-14T09:30:00+01:00". */
export function toIsoWithOffset(date: Date, timeZone: string): string {
  const offset = offsetMinutesAt(date, timeZone);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const { second } = wallClockParts(date, timeZone);
  return `${wallClockIn(date, timeZone)}:${pad(second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export type TScheduleCheck = { ok: true; scheduledAt: string | undefined } | { ok: false; problem: 'invalid' | 'past' | 'tooFar' };

/**
 * The optional send time: empty sends now; otherwise a valid date and time on the time zone's clock, in the future
 * and at most 30 days ahead (the server's rules, with its messages).
 */
export function checkSchedule(value: string, now: Date, timeZone: string): TScheduleCheck {
  if (value.trim() === '') return { ok: true, scheduledAt: undefined };
  const date = instantOf(value, timeZone);
  if (!date) return { ok: false, problem: 'invalid' };
  if (date.getTime() <= now.getTime()) return { ok: false, problem: 'past' };
  if (date.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS) return { ok: false, problem: 'tooFar' };
  return { ok: true, scheduledAt: toIsoWithOffset(date, timeZone) };
}
