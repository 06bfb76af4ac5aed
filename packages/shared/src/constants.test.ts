import { describe, expect, it } from 'vitest';
import { CANCELABLE_FAX_STATUSES, displayStatusOf, FINAL_FAX_STATUSES, IN_FLIGHT_FAX_STATUSES, OUTBOUND_FAX_STATUSES } from './constants';

describe('the outbound lifecycle (DESIGN.md "Faxes")', () => {
  it('is either in flight or final, never both', () => {
    expect(FINAL_FAX_STATUSES).toEqual(['delivered', 'partially_delivered', 'failed', 'canceled']);
    expect([...IN_FLIGHT_FAX_STATUSES, ...FINAL_FAX_STATUSES].sort()).toEqual([...OUTBOUND_FAX_STATUSES].sort());
  });

  it('shows every in-flight state as Processing (spec 001 §2.7)', () => {
    expect(OUTBOUND_FAX_STATUSES.filter((status) => displayStatusOf(status) === 'Processing')).toEqual([...IN_FLIGHT_FAX_STATUSES]);
  });

  it('cancels only a fax that has not started converting', () => {
    expect(CANCELABLE_FAX_STATUSES).toEqual(['queued', 'scheduled']);
  });
});
