import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../lines/fax-line';
import { DEFAULT_SETTINGS, learnFromCall, slowerModem, startOf } from './learn';

const details = { resolution: 'fine', compression: 'T.6', remoteIdent: null, ecmRetransmissions: 0, completionText: '' } as const;
const trainingFailedAt = (modem: 'v17' | 'v29' | 'v27ter'): CallOutcome => ({
  result: 'line_quality',
  pagesSent: 0,
  firstPage: 1,
  durationMs: 10_000,
  call: { ...details, bitRate: 14_400, ecm: true, completionCode: 14 },
  session: { transport: 'audio', modem, trainingFailed: true },
});
const deliveredAt = (bitRate: number, ecm: boolean, modem: 'v17' | 'v29' | 'v27ter' = 'v29'): CallOutcome => ({
  result: 'delivered',
  pagesSent: 1,
  firstPage: 1,
  durationMs: 20_000,
  call: { ...details, bitRate, ecm, completionCode: 0 },
  session: { transport: 'audio', modem, trainingFailed: false },
});

describe('the learned line settings of a destination', () => {
  it('steps down one modem per failed training, and never below V.27ter', () => {
    expect(['v17', 'v29', 'v27ter'].map((m) => slowerModem(m as 'v17'))).toEqual(['v29', 'v27ter', 'v27ter']);
    let settings = learnFromCall(DEFAULT_SETTINGS, { line: 'sandbox', outcome: trainingFailedAt('v17') });
    expect(settings).toMatchObject({ startModem: 'v29', trainingFailures: 1, calls: 1, failures: 1, transport: 'audio' });
    expect(startOf(settings)).toEqual({ modems: ['v29', 'v27ter'], ecm: true });
    settings = learnFromCall(settings, { line: 'sandbox', outcome: trainingFailedAt('v29') });
    settings = learnFromCall(settings, { line: 'sandbox', outcome: trainingFailedAt('v27ter') });
    expect(startOf(settings).modems).toEqual(['v27ter']);
  });

  it('keeps what a delivery showed: its speed, its ECM and the line that made it, without stepping back up', () => {
    const slowed = learnFromCall(DEFAULT_SETTINGS, { line: 'sandbox', outcome: trainingFailedAt('v17') });
    const settings = learnFromCall(slowed, { line: 'sandbox', outcome: deliveredAt(9_600, true) });
    expect(settings).toMatchObject({
      startModem: 'v29',
      bestBitRate: 9_600,
      ecm: 'works',
      lastDeliveredLine: 'sandbox',
      deliveries: 1,
      calls: 2,
    });
    // A slower success does not lower the best speed reached.
    expect(learnFromCall(settings, { line: 'sandbox', outcome: deliveredAt(4_800, true, 'v27ter') }).bestBitRate).toBe(9_600);
  });

  it('turns ECM off after an ECM failure', () => {
    const ecmFailed: CallOutcome = {
      ...trainingFailedAt('v17'),
      call: { ...details, bitRate: 14_400, ecm: true, completionCode: 16 },
      session: undefined,
    };
    const settings = learnFromCall(DEFAULT_SETTINGS, { line: 'sandbox', outcome: ecmFailed });
    expect(settings).toMatchObject({ ecm: 'fails', ecmFailures: 1, startModem: 'v17' });
    expect(startOf(settings)).toEqual({ modems: ['v17', 'v29', 'v27ter'], ecm: false });
  });

  it('counts a carrier delivery and keeps the carrier, with no session to learn speeds from', () => {
    const carrier: CallOutcome = { result: 'delivered', pagesSent: 2, firstPage: 1, durationMs: null };
    expect(learnFromCall(DEFAULT_SETTINGS, { line: 'telnyx', outcome: carrier })).toEqual({
      ...DEFAULT_SETTINGS,
      calls: 1,
      deliveries: 1,
      lastDeliveredLine: 'telnyx',
      lastResult: 'delivered',
    });
  });
});
