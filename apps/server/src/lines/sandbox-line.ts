import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import type { CallOutcome, FaxLine } from './fax-line';

/** A fax modem's speed (V.17): the line time of a page follows its compressed size. */
export const LINE_BITS_PER_SECOND = 14_400;
/** Dialling, answer and the T.30 handshake before the first page. */
const CALL_SETUP_MS = 6_000;

/**
 * The sandbox line: a simulated remote fax machine for numbers that are not Faxline's while no carrier is configured.
 * Its documented test numbers give busy, no answer, not a fax machine and partial delivery; every other number is
 * delivered after the time the pages would take on a real line (scaled by FAX_CLOCK_SCALE).
 */
export async function callSandbox(input: {
  toNumber: string;
  pages: number;
  imageBytes: number;
  clockScale: number;
}): Promise<CallOutcome> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.round(ms * input.clockScale)));
  const pageMs = ((input.imageBytes / Math.max(input.pages, 1)) * 8 * 1000) / LINE_BITS_PER_SECOND;
  switch (input.toNumber) {
    case SANDBOX_TEST_NUMBERS.busy:
      await sleep(2_000);
      return { result: 'busy', pagesSent: 0, durationMs: 2_000 };
    case SANDBOX_TEST_NUMBERS.no_answer:
      await sleep(45_000);
      return { result: 'no_answer', pagesSent: 0, durationMs: 45_000 };
    case SANDBOX_TEST_NUMBERS.not_a_fax_machine:
      await sleep(CALL_SETUP_MS);
      return { result: 'not_a_fax_machine', pagesSent: 0, durationMs: CALL_SETUP_MS };
    case SANDBOX_TEST_NUMBERS.partial_delivery: {
      // The remote machine hangs up half-way: the pages before are delivered.
      const pagesSent = Math.max(1, Math.floor(input.pages / 2));
      const durationMs = CALL_SETUP_MS + pagesSent * pageMs;
      await sleep(durationMs);
      return {
        result: input.pages > 1 ? 'partially_delivered' : 'line_error',
        pagesSent: input.pages > 1 ? pagesSent : 0,
        durationMs: Math.round(durationMs),
      };
    }
    default: {
      const durationMs = CALL_SETUP_MS + input.pages * pageMs;
      await sleep(durationMs);
      return { result: 'delivered', pagesSent: input.pages, durationMs: Math.round(durationMs) };
    }
  }
}

/** The sandbox as a line: it takes every number no other line does (lines.ts puts it last). */
export function sandboxLine(deps: { clockScale: number }): FaxLine {
  return {
    name: 'sandbox',
    accepts: async () => true,
    call: (fax) =>
      callSandbox({ toNumber: fax.toNumber, pages: fax.pages ?? 1, imageBytes: fax.imageBytes ?? 50_000, clockScale: deps.clockScale }),
  };
}
