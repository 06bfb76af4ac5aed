import { describe, expect, it } from 'vitest';
import { faxHeaderLine, faxHeaderName, faxHeaderText, faxHeaderTime } from './fax-header';

describe('the fax header line (issue 16, item 3)', () => {
  it('prints ASCII only: accents dropped, anything else as "?"', () => {
    expect(faxHeaderText('Clínica Santé')).toBe('Clinica Sante');
    expect(faxHeaderText('Ærø 日本')).toBe('?r? ??');
    expect(faxHeaderText('x'.repeat(80))).toHaveLength(60);
  });

  it('gives the date and time in the zone, 24-hour, the same in every language', () => {
    const at = new Date('2026-11-26T19:05:00Z');
    expect(faxHeaderTime(at, 'America/New_York')).toBe('2026-11-26 14:05');
    expect(faxHeaderTime(at, 'Asia/Tokyo')).toBe('2026-11-27 04:05');
    expect(faxHeaderTime(new Date('2026-11-26T00:30:00Z'), 'UTC')).toBe('2026-11-26 00:30');
  });

  it('carries the account name when no name is chosen', () => {
    expect(faxHeaderName('  ', 'Acme')).toBe('Acme');
    expect(faxHeaderName(' Clinic ', 'Acme')).toBe('Clinic');
  });

  it('reads as the page prints it', () => {
    const line = faxHeaderLine({
      at: new Date('2026-11-26T19:05:00Z'),
      timeZone: 'America/New_York',
      name: 'Clínica Santé',
      stationId: '+1 555 0100',
      page: 1,
      pages: 3,
    });
    expect(line).toBe('2026-11-26 14:05   Clinica Sante   +1 555 0100   Page 1/3');
  });
});
