import { describe, expect, it } from 'vitest';
import {
  CANCELABLE_FAX_STATUSES,
  displayStatusOf,
  emailConfirmedLanding,
  FINAL_FAX_STATUSES,
  IN_FLIGHT_FAX_STATUSES,
  OUTBOUND_FAX_STATUSES,
} from './constants';

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

describe('where a confirmation link lands', () => {
  it('on the landing page, going on to a page of this site when the sign-up carried one', () => {
    expect(emailConfirmedLanding()).toBe('/?confirmed=email');
    const landing = new URL(emailConfirmedLanding('/user/billing?plan=professional&interval=year'), 'http://x');
    expect(landing.searchParams.get('confirmed')).toBe('email');
    expect(landing.searchParams.get('next')).toBe('/user/billing?plan=professional&interval=year');
  });

  it('never on another site', () => {
    for (const away of ['//evil.example', 'https://evil.example', '/\\evil.example', '/\tuser']) {
      expect(emailConfirmedLanding(away)).toBe('/?confirmed=email');
    }
  });
});
