import { LINE_MODEMS, type TLineModem } from '@faxline/shared';
import type { CallOutcome, CallStart } from '../lines/fax-line';
import type { LineProfileRow } from './schema';

/** What a profile learns from; the rest of the row is its key and times. */
export type LearnedSettings = Omit<LineProfileRow, 'toNumber' | 'createdAt' | 'updatedAt'>;

export const DEFAULT_SETTINGS: LearnedSettings = {
  startModem: 'v17',
  ecm: 'unknown',
  bestBitRate: null,
  trainingFailures: 0,
  ecmFailures: 0,
  transport: null,
  lastDeliveredLine: null,
  lastResult: null,
  calls: 0,
  deliveries: 0,
  failures: 0,
};

/**
 * spandsp's completion codes that are ECM's own failures: an invalid answer to a partial page (TX_ECMPHD) and the
 * receiver never ready again (TX_T5EXP). Without ECM a page has no such exchange.
 */
const ECM_FAILURES: readonly number[] = [16, 22];

/** The next slower modem: V.17 -> V.29 -> V.27ter, which is as slow as a fax goes. */
export function slowerModem(modem: TLineModem): TLineModem {
  return LINE_MODEMS[Math.min(LINE_MODEMS.indexOf(modem) + 1, LINE_MODEMS.length - 1)]!;
}

const slowest = (a: TLineModem, b: TLineModem) => (LINE_MODEMS.indexOf(a) >= LINE_MODEMS.indexOf(b) ? a : b);

/**
 * A profile after one more call to its number. A failed training steps the start down from the modem that failed
 * (never up: a destination that worked slowly keeps working slowly, until an admin resets it); an ECM failure turns
 * ECM off for the next call; a delivery keeps its speed, its ECM and the line that made it. Carriers and HylaFAX report
 * no session (`outcome.session`): their calls count, and the line that delivered is kept.
 */
export function learnFromCall(before: LearnedSettings, call: { line: string; outcome: CallOutcome }): LearnedSettings {
  const { outcome } = call;
  const delivered = outcome.result === 'delivered' || outcome.result === 'partially_delivered';
  const session = outcome.session;
  const next: LearnedSettings = {
    ...before,
    calls: before.calls + 1,
    deliveries: before.deliveries + (delivered ? 1 : 0),
    failures: before.failures + (delivered ? 0 : 1),
    lastResult: outcome.result,
    transport: session?.transport ?? before.transport,
  };
  if (delivered) {
    next.lastDeliveredLine = call.line;
    const bitRate = outcome.call?.bitRate ?? null;
    if (bitRate !== null && (before.bestBitRate === null || bitRate > before.bestBitRate)) next.bestBitRate = bitRate;
    if (outcome.call?.ecm === true && before.ecm !== 'fails') next.ecm = 'works';
  }
  if (session?.trainingFailed && session.modem) {
    next.trainingFailures = before.trainingFailures + 1;
    next.startModem = slowest(before.startModem, slowerModem(session.modem));
  }
  const code = outcome.call?.completionCode;
  if (!delivered && outcome.call?.ecm === true && code !== undefined && code !== null && ECM_FAILURES.includes(code)) {
    next.ecmFailures = before.ecmFailures + 1;
    next.ecm = 'fails';
  }
  return next;
}

/** Where the next call starts: the modems from the learned one down, and ECM unless it failed. */
export function startOf(settings: Pick<LearnedSettings, 'startModem' | 'ecm'>): CallStart {
  return { modems: LINE_MODEMS.slice(LINE_MODEMS.indexOf(settings.startModem)), ecm: settings.ecm !== 'fails' };
}
