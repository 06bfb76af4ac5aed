import { NUMBER_QUARANTINE_DAYS } from '@faxline/shared';
import { and, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import { faxNumbers } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a number released at `now` may be taken again (decision 112). */
export const quarantineEndFrom = (now: Date): Date => new Date(now.getTime() + NUMBER_QUARANTINE_DAYS * DAY_MS);

/**
 * A number anyone may take at `now`: available, and not in a quarantine still running. Every place that hands out a
 * number asks it (a customer's add, a sign-up's first number, the back office's assign), with the clock's time.
 */
export const takeableAt = (now: Date): SQL =>
  and(eq(faxNumbers.status, 'available'), or(isNull(faxNumbers.quarantinedUntil), lte(faxNumbers.quarantinedUntil, now)))!;
