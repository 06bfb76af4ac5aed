import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('Intl formatters kept per locale and options', () => {
  const at = new Date('2026-12-06T23:30:00Z');

  it('gives the same formatter again for the same locale and options, and formats as a new one would', () => {
    const options = { dateStyle: 'long', timeStyle: 'long', timeZone: 'Europe/Paris' } as const;
    expect(dateTimeFormat('fr', { ...options })).toBe(dateTimeFormat('fr', { ...options }));
    expect(dateTimeFormat('fr', options).format(at)).toBe(new Intl.DateTimeFormat('fr', options).format(at));
    expect(numberFormat('es')).toBe(numberFormat('es'));
    expect(numberFormat('es', { style: 'unit', unit: 'megabyte' }).format(1234.5)).toBe(
      new Intl.NumberFormat('es', { style: 'unit', unit: 'megabyte' }).format(1234.5),
    );
  });

  it('keeps formatters of other locales, time zones and options apart', () => {
    const paris = dateTimeFormat('en', { timeStyle: 'short', timeZone: 'Europe/Paris' }).format(at);
    const newYork = dateTimeFormat('en', { timeStyle: 'short', timeZone: 'America/New_York' }).format(at);
    expect(paris).not.toBe(newYork);
    expect(dateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(at)).toBe('6 de diciembre de 2026');
    expect(dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(at)).toBe('6 décembre 2026');
    expect(numberFormat('fr').format(1234.5)).not.toBe(numberFormat('en').format(1234.5));
  });
});
