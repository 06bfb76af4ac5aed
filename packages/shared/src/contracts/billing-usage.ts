import { z } from 'zod';

/** What a line of the usage ledger charges for (decision 086): pages within the plan, past it, or to another country. */
export const USAGE_LEDGER_KINDS = ['included', 'overage', 'international'] as const;
export type TUsageLedgerKind = (typeof USAGE_LEDGER_KINDS)[number];

/** The longest period one usage CSV covers: a yearly plan's period with room to spare. */
export const MAX_USAGE_CSV_DAYS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Faxline's ledger has no line before this year; it also keeps PostgreSQL clear of the year 0, which it has not. */
const FIRST_YEAR = 2000;

/** A calendar day as YYYY-MM-DD that exists (no 31 February) since 2000, read as midnight UTC; null otherwise. */
export function usageDay(value: string): Date | null {
  if (!DAY.test(value) || Number(value.slice(0, 4)) < FIRST_YEAR) return null;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value ? day : null;
}

// An ISO date (its format said in the contract, so that clients know it), then the calendar and the first year.
const ZUsageDay = z.iso
  .date({ error: 'validation.usageDate', abort: true })
  .refine((value) => usageDay(value) !== null, { error: 'validation.usageDate' });

/** Days between two YYYY-MM-DD days, both counted. */
export const daysInRange = (from: string, to: string) => Math.round((usageDay(to)!.getTime() - usageDay(from)!.getTime()) / 86_400_000) + 1;

/** GET /api/billing/usage.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the ledger's lines of those days (both included). */
export const ZUsageCsvQuery = z
  .object({ from: ZUsageDay, to: ZUsageDay })
  // The audit filters' sentence: the catalogue writes each sentence once.
  .refine(({ from, to }) => !usageDay(from) || !usageDay(to) || from <= to, { error: 'validation.auditDateOrder', path: ['to'] })
  .refine(({ from, to }) => !usageDay(from) || !usageDay(to) || from > to || daysInRange(from, to) <= MAX_USAGE_CSV_DAYS, {
    error: 'validation.usageRangeTooLong',
    path: ['to'],
  });
export type TUsageCsvQuery = z.infer<typeof ZUsageCsvQuery>;
