import { describe, expect, it } from 'vitest';

import { checkFaxIdentity, fieldOfPath, type TIdentityValues } from './fax-identity-checks';

const values = (change: Partial<TIdentityValues['header']> = {}, stationId = ''): TIdentityValues => ({
  header: { enabled: true, name: 'Clinic', timeZone: 'America/New_York', ...change },
  numbers: [
    { phoneNumber: '+15550100', stationId: '' },
    { phoneNumber: '+15550101', stationId },
  ],
});

describe('the fax header and station ids form (issue 16, item 3)', () => {
  it('sends what the shared schema accepts, trimmed', () => {
    const checked = checkFaxIdentity(values({ name: '  Clínica Santé ' }, ' +1 555 0101 '));
    expect(checked).toEqual({
      ok: true,
      request: {
        header: { enabled: true, name: 'Clínica Santé', timeZone: 'America/New_York' },
        numbers: [
          { phoneNumber: '+15550100', stationId: '' },
          { phoneNumber: '+15550101', stationId: '+1 555 0101' },
        ],
      },
    });
  });

  it('puts a bad station id under its own number, and a long name under the name', () => {
    expect(checkFaxIdentity(values({}, 'abc'))).toEqual({ ok: false, field: 'stationId.1', key: 'messages:errors.invalidStationId' });
    expect(checkFaxIdentity(values({}, '1'.repeat(21)))).toEqual({
      ok: false,
      field: 'stationId.1',
      key: 'messages:errors.stationIdTooLong',
    });
    expect(checkFaxIdentity(values({ name: 'x'.repeat(41) }))).toEqual({
      ok: false,
      field: 'name',
      key: 'messages:errors.headerNameTooLong',
    });
    expect(checkFaxIdentity(values({ timeZone: 'Mars/Olympus' }))).toEqual({
      ok: false,
      field: 'timeZone',
      key: 'messages:errors.invalidTimeZone',
    });
  });

  it("reads the server's paths", () => {
    expect(fieldOfPath(['body', 'header', 'name'])).toBe('name');
    expect(fieldOfPath(['body', 'header', 'timeZone'])).toBe('timeZone');
    expect(fieldOfPath(['body', 'numbers', '3', 'stationId'])).toBe('stationId.3');
    expect(fieldOfPath(['body', 'numbers', '3', 'phoneNumber'])).toBeNull();
  });
});
