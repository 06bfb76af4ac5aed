import { describe, expect, it } from 'vitest';
import { T30_COMPLETION } from '@faxline/shared';
import { callResult } from './call-result';

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
    expect(callResult({ completion: T30_COMPLETION.incompatible, pages: 0 }, threePages)).toBe('not_a_fax_machine');
  });

  it('is a partial delivery when the remote says goodbye (DCN) after confirming some pages, a line error before any', () => {
    expect(callResult({ completion: T30_COMPLETION.dcnAfterPage, pages: 1 }, threePages)).toBe('partially_delivered');
    expect(callResult({ completion: T30_COMPLETION.dcnAfterPage, pages: 0 }, threePages)).toBe('line_quality');
  });

  it('is a line error, to be tried again, when the call drops, even after some pages', () => {
    expect(callResult({ completion: T30_COMPLETION.callDropped, pages: 1 }, threePages)).toBe('line_quality');
    expect(callResult({ completion: 23, pages: 0 }, threePages)).toBe('line_quality');
  });
});
