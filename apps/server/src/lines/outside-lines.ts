import { isSandboxTestNumber } from '@faxline/shared';
import type { CallOutcome } from './fax-line';

/** Which numbers outside Faxline a line carries (HYLAFAX_NUMBERS, TELNYX_NUMBERS): all of them, or these prefixes. */
export type OutsideNumbers = 'outside-numbers' | string[];

/**
 * Whether a line to the outside takes a number: the sandbox's test numbers stay the sandbox's; other numbers as
 * configured (the internal line is asked first).
 */
export const servesOutsideNumber = (serves: OutsideNumbers, toNumber: string): boolean =>
  !isSandboxTestNumber(toNumber) && (serves === 'outside-numbers' || serves.some((prefix) => toNumber.startsWith(prefix)));

/** A try that ended before any page went, on our side of the line (Faxline's retry rules try again). */
export const lineErrorSince = (started: number, detail: string): CallOutcome => ({
  result: 'line_quality',
  pagesSent: 0,
  firstPage: 1,
  durationMs: Date.now() - started,
  detail,
});
