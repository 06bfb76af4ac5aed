import { describe, expect, it } from 'vitest';
import { inTimeWindow, localTime, verdictsOf, type FaxFacts } from './evaluate';

const fax: FaxFacts = {
  id: 'f1',
  toNumber: '+15550100001',
  fromNumber: '+12125550142',
  senderName: 'ST MARY LAB',
  // A Saturday, 03:30 in New York.
  createdAt: new Date('2026-12-05T08:30:00Z'),
  pages: 3,
  documentClass: 'lab_result',
};
const noWords = () => false;

describe('routing conditions (decision 104)', () => {
  it('reads the time in the account zone', () => {
    expect(localTime(fax.createdAt, 'America/New_York')).toEqual({ day: 6, minutes: 210, shown: '2026-12-05 03:30' });
    expect(localTime(fax.createdAt, 'Europe/Paris')).toMatchObject({ day: 6, shown: '2026-12-05 09:30' });
  });

  it('gives the small hours of a window across midnight to the day it began', () => {
    const fridayNight = { days: [5], from: '22:00', to: '06:00' };
    expect(inTimeWindow({ day: 6, minutes: 3 * 60 }, fridayNight)).toBe(true);
    expect(inTimeWindow({ day: 5, minutes: 23 * 60 }, fridayNight)).toBe(true);
    expect(inTimeWindow({ day: 5, minutes: 3 * 60 }, fridayNight)).toBe(false);
    expect(inTimeWindow({ day: 6, minutes: 7 * 60 }, fridayNight)).toBe(false);
    const officeHours = { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' };
    expect(inTimeWindow({ day: 1, minutes: 8 * 60 }, officeHours)).toBe(true);
    expect(inTimeWindow({ day: 1, minutes: 18 * 60 }, officeHours)).toBe(false);
    expect(inTimeWindow({ day: 0, minutes: 9 * 60 }, officeHours)).toBe(false);
  });

  it('needs every condition, and says what the fax showed for each', () => {
    const rule = {
      conditions: [
        { kind: 'caller' as const, prefixes: ['+1212'] },
        { kind: 'station_id' as const, contains: 'mary' },
        { kind: 'pages' as const, min: 2, max: null },
        { kind: 'document_class' as const, classes: ['lab_result' as const] },
        { kind: 'time' as const, days: [5], from: '22:00', to: '06:00' },
      ],
    };
    const { matched, verdicts } = verdictsOf(rule, fax, 'America/New_York', noWords);
    expect(matched).toBe(true);
    expect(verdicts.map((v) => v.observed)).toEqual(['+12125550142', 'ST MARY LAB', '3', 'lab_result', '2026-12-05 03:30']);
    const withWords = { conditions: [...rule.conditions, { kind: 'words' as const, query: 'potassium' }] };
    expect(verdictsOf(withWords, fax, 'America/New_York', noWords).matched).toBe(false);
    expect(verdictsOf(withWords, fax, 'America/New_York', (id, query) => id === 'f1' && query === 'potassium').matched).toBe(true);
    const called = { conditions: [{ kind: 'called_number' as const, numbers: ['+15550100002'] }] };
    expect(verdictsOf(called, fax, 'UTC', noWords)).toMatchObject({ matched: false, verdicts: [{ observed: '+15550100001', met: false }] });
    expect(verdictsOf({ conditions: [{ kind: 'caller', prefixes: ['+1'] }] }, { ...fax, fromNumber: null }, 'UTC', noWords).matched).toBe(
      false,
    );
  });
});
