import { isSandboxTestNumber, type TFaxFailureReason } from '@faxline/shared';
import type { CallOutcome } from './fax-line';

/** Which numbers outside Faxline a line carries (HYLAFAX_NUMBERS, TELNYX_NUMBERS): all of them, or these prefixes. */
export type OutsideNumbers = 'outside-numbers' | string[];

/**
 * Whether a line to the outside takes a number: the sandbox's test numbers stay the sandbox's; other numbers as
 * configured (the internal line is asked first).
 */
export const servesOutsideNumber = (serves: OutsideNumbers, toNumber: string): boolean =>
  !isSandboxTestNumber(toNumber) && (serves === 'outside-numbers' || serves.some((prefix) => toNumber.startsWith(prefix)));

/**
 * A try that ended before any page went, on our side of the line: `reason` says whose doing (a carrier or HylaFAX that
 * could not be reached is an outage, one that refused the request a refusal) and the retry rules go by it. The
 * `lineCode` is what the line said, for support (decision 119).
 */
export const lineFailureSince = (
  started: number,
  reason: TFaxFailureReason,
  detail: string,
  lineCode: string | null = null,
): CallOutcome => ({
  result: reason,
  pagesSent: 0,
  firstPage: 1,
  durationMs: Date.now() - started,
  lineCode,
  detail,
});
