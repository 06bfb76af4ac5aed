import { FAX_FAILURE_REASONS, T30_COMPLETION } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { callResult, T30_COMPLETION_CLASSES, t30CompletionClass } from './call-result';

const threePages = { pages: 3, answered: true };

describe('the outcome of a call from its T.30 completion code', () => {
  it('is delivered only when the call completed and the remote confirmed every page', () => {
    expect(callResult({ completion: T30_COMPLETION.ok, pages: 3 }, threePages)).toBe('delivered');
    expect(callResult({ completion: T30_COMPLETION.ok, pages: 2 }, threePages)).toBe('line_quality');
  });

  it('tells nobody picking up from a remote that picked up but never spoke fax (T0 runs out for both)', () => {
    expect(callResult({ completion: T30_COMPLETION.t0Expired, pages: 0 }, { pages: 3, answered: false })).toBe('no_answer');
    expect(callResult({ completion: T30_COMPLETION.t0Expired, pages: 0 }, threePages)).toBe('not_a_fax_machine');
    expect(callResult({ completion: T30_COMPLETION.t1Expired, pages: 0 }, threePages)).toBe('not_a_fax_machine');
  });

  it('is rejected by the remote when a fax machine will not take the document', () => {
    expect(callResult({ completion: T30_COMPLETION.incompatible, pages: 0 }, threePages)).toBe('remote_rejected');
    expect(callResult({ completion: T30_COMPLETION.rxIncapable, pages: 0 }, threePages)).toBe('remote_rejected');
  });

  it('is a partial delivery when the remote says goodbye (DCN) after confirming some pages, a line error before any', () => {
    expect(callResult({ completion: T30_COMPLETION.dcnAfterPage, pages: 1 }, threePages)).toBe('partially_delivered');
    expect(callResult({ completion: T30_COMPLETION.dcnAfterPage, pages: 0 }, threePages)).toBe('line_quality');
  });

  it('is a line error, to be tried again, when the call drops, even after some pages', () => {
    expect(callResult({ completion: T30_COMPLETION.callDropped, pages: 1 }, threePages)).toBe('line_quality');
    expect(callResult({ completion: 14, pages: 0 }, threePages)).toBe('line_quality');
    expect(callResult({ completion: 99, pages: 0 }, threePages)).toBe('line_quality');
  });

  it('is the wrong station when the engine refused the announced station id, whatever code it ended with', () => {
    expect(callResult({ completion: 51, pages: 0, wrongStation: true }, threePages)).toBe('wrong_station');
    expect(callResult({ completion: 51, pages: 0 }, threePages)).toBe('wrong_station');
  });

  it('is uncertain, never delivered, when the call ended after the last page before its confirmation', () => {
    const dropped = { completion: T30_COMPLETION.callDropped, awaitingConfirmation: true };
    expect(callResult({ ...dropped, pages: 2 }, threePages)).toBe('uncertain');
    expect(callResult({ ...dropped, pages: 0 }, { pages: 1, answered: true })).toBe('uncertain');
    // The last page answered (MCF) but not every page confirmed: not this case.
    expect(callResult({ completion: T30_COMPLETION.callDropped, pages: 2 }, threePages)).toBe('line_quality');
  });
});

describe('the table of T.30 completion codes', () => {
  it('holds every code spandsp 0.0.6 reports, in order, each in a class of the taxonomy', () => {
    expect(T30_COMPLETION_CLASSES.map((row) => row.code)).toEqual([...Array(62).keys()]);
    const classes = new Set<string>([...FAX_FAILURE_REASONS, 'delivered']);
    for (const row of T30_COMPLETION_CLASSES) {
      expect(classes.has(row.class), `${row.code} ${row.name}`).toBe(true);
      expect(t30CompletionClass(row.code)).toBe(row.class);
    }
  });

  it('agrees with the shared names of the codes it has', () => {
    expect(t30CompletionClass(T30_COMPLETION.ok)).toBe('delivered');
    expect(t30CompletionClass(T30_COMPLETION.cannotTrain)).toBe('line_quality');
    expect(t30CompletionClass(T30_COMPLETION.dcnAfterPage)).toBe('partial');
    expect(T30_COMPLETION_CLASSES[T30_COMPLETION.callDropped]!.name).toBe('CALLDROPPED');
  });
});
