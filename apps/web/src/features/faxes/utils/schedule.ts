import { MAX_SCHEDULE_DAYS } from '@faxline/shared';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the value of an <input type="datetime-local"> in the browser's time zone: "2026-03-14T09:30". */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The picker's bounds: from the next minute to 30 days ahead (DESIGN.md, the server's check). */
export function scheduleBounds(now: Date): { min: string; max: string } {
  const nextMinute = new Date(now.getTime() + 60_000);
  return { min: toLocalInputValue(nextMinute), max: toLocalInputValue(new Date(now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS)) };
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
