import { RETENTION_DAY_CHOICES, ZRetentionDays } from '@faxline/shared';

/** What the period's select holds: forever, one of the offered periods, or a number of days typed in. */
export type TPeriodChoice = 'forever' | 'custom' | `${(typeof RETENTION_DAY_CHOICES)[number]}`;

export const PERIOD_CHOICES: readonly TPeriodChoice[] = ['forever', ...RETENTION_DAY_CHOICES.map((days) => `${days}` as const), 'custom'];

/** The select's choice for a stored period (null: forever). */
export function choiceOf(days: number | null): TPeriodChoice {
  if (days === null) return 'forever';
  return (RETENTION_DAY_CHOICES as readonly number[]).includes(days) ? (`${days}` as TPeriodChoice) : 'custom';
}

/**
 * The period a choice and its typed days stand for, checked by the shared schema the server checks with (decision
 * 032): its days, or the message key of the problem.
 */
export function periodOf(choice: TPeriodChoice, typed: string): { days: number | null } | { problem: string } {
  if (choice === 'forever') return { days: null };
  const days = choice === 'custom' ? Number(typed.trim() === '' ? Number.NaN : typed) : Number(choice);
  const checked = ZRetentionDays.safeParse(days);
  return checked.success ? { days: checked.data } : { problem: checked.error.issues[0]?.message ?? 'errors.retentionDays' };
}
