import { MAX_SCHEDULE_DAYS } from '@faxline/shared';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the schedule picker's value, in the browser's time zone: "2026-03-14T09:30". */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The picker's bounds: from the next minute to 30 days ahead (DESIGN.md, the server's check). */
export function scheduleBounds(now: Date): { min: string; max: string } {
  const nextMinute = new Date(now.getTime() + 60_000);
  return { min: toLocalInputValue(nextMinute), max: toLocalInputValue(new Date(now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS)) };
}

/** The picker offers a time every quarter of an hour. */
export const SCHEDULE_STEP_MINUTES = 15;

const dayOf = (value: string) => value.slice(0, 10);

/**
 * The times offered on `day` ("2026-03-14"), every quarter of an hour within the bounds, as "09:30". A time that the
 * clock skips (the hour lost when summer time starts) is left out.
 */
export function scheduleTimes(day: string, now: Date): string[] {
  const { min, max } = scheduleBounds(now);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const times: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += SCHEDULE_STEP_MINUTES) {
    const at = new Date(year, month - 1, date, Math.floor(minutes / 60), minutes % 60);
    if (at.getDate() !== date || at.getHours() * 60 + at.getMinutes() !== minutes) continue;
    const value = toLocalInputValue(at);
    // Both strings are local "YYYY-MM-DDTHH:mm", so they compare in time order.
    if (value >= min && value <= max) times.push(value.slice(11));
  }
  return times;
}

/** The days with a time left to offer, from today to 30 days ahead, as "2026-03-14". */
export function scheduleDays(now: Date): string[] {
  const days: string[] = [];
  for (let offset = 0; offset <= MAX_SCHEDULE_DAYS; offset += 1) {
    const day = dayOf(toLocalInputValue(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, 12)));
    if (scheduleTimes(day, now).length > 0) days.push(day);
  }
  return days;
}

/**
 * The picker's value when the day changes: '' to send now; otherwise the day at the time already chosen if that day
 * offers it, else at 09:00, else at its first time.
 */
export function withScheduleDay(value: string, day: string, now: Date): string {
  if (day === '') return '';
  const times = scheduleTimes(day, now);
  const current = value.slice(11, 16);
  const time = times.includes(current) ? current : times.includes('09:00') ? '09:00' : (times[0] ?? '09:00');
  return `${day}T${time}`;
}

/** A day of the picker in the chosen language: "Saturday, March 14" (with the year when it is not this year's). */
export function formatScheduleDay(day: string, language: string, now: Date): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(year === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(new Date(year, month - 1, date, 12));
}

/** A time of the picker in the chosen language's clock: "9:30 AM" in English, "09:30" in French. */
export function formatScheduleTime(time: string, language: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, hours, minutes));
}

/** ISO 8601 with the local offset, as the API wants it: "2026-03-14T09:30:00+01:00". */
export function toIsoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${toLocalInputValue(date)}:${pad(date.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export type TScheduleCheck = { ok: true; scheduledAt: string | undefined } | { ok: false; problem: 'invalid' | 'past' | 'tooFar' };

/**
 * The optional send time: empty sends now; otherwise a valid local date and time, in the future and at most 30 days
 * ahead (the server's rules, with its messages).
 */
export function checkSchedule(value: string, now: Date): TScheduleCheck {
  if (value.trim() === '') return { ok: true, scheduledAt: undefined };
  // "YYYY-MM-DDTHH:mm" without an offset is read as local time, which is what the picker shows.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return { ok: false, problem: 'invalid' };
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { ok: false, problem: 'invalid' };
  if (date.getTime() <= now.getTime()) return { ok: false, problem: 'past' };
  if (date.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS) return { ok: false, problem: 'tooFar' };
  return { ok: true, scheduledAt: toIsoWithOffset(date) };
}
