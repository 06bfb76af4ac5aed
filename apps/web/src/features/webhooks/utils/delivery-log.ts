import type { TWebhookAttempt, TWebhookMessage } from '@faxline/shared';

/** How one try ended: a 2xx answer, another answer, no answer (timeout, refused, bad address), or still running. */
export type TAttemptOutcome = 'succeeded' | 'httpError' | 'noResponse' | 'running';

export function attemptOutcome(attempt: TWebhookAttempt): TAttemptOutcome {
  if (attempt.responseStatus !== null) return attempt.responseStatus >= 200 && attempt.responseStatus < 300 ? 'succeeded' : 'httpError';
  return attempt.endedAt === null && attempt.error === null ? 'running' : 'noResponse';
}

/** The tries of a message, latest first: the one that decided its status leads. */
export function attemptsLatestFirst(message: TWebhookMessage): TWebhookAttempt[] {
  return [...message.attempts].sort((a, b) => b.number - a.number);
}

/**
 * Whether "Send again" is offered: for a delivered or failed message, and for one waiting for its next try (the
 * receiver may be mended now); not while its first try has not run or a try is under way.
 */
export function maySendAgain(message: TWebhookMessage): boolean {
  if (message.status !== 'pending') return true;
  return message.attempts.length > 0 && message.attempts.every((attempt) => attemptOutcome(attempt) !== 'running');
}

/** How long a try took, in the chosen language: milliseconds under a second ("80 ms"), seconds above ("10 s", "1.5 s"). */
export function formatAttemptDuration(ms: number, language: string): string {
  const [value, unit] = ms < 1000 ? [ms, 'millisecond'] : [ms / 1000, 'second'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
