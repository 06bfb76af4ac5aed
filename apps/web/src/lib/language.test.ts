import { describe, expect, it } from 'vitest';

import { preferredLanguage, resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it('keeps a supported stored language', () => {
    expect(resolveLanguage('es')).toBe('es');
    expect(resolveLanguage('fr')).toBe('fr');
    expect(resolveLanguage('en')).toBe('en');
  });

  it('falls back to English for an unsupported code', () => {
    expect(resolveLanguage('de')).toBe('en');
    expect(resolveLanguage('')).toBe('en');
  });

  it('falls back to English when nothing is stored', () => {
    expect(resolveLanguage(null)).toBe('en');
  });
});

describe('preferredLanguage', () => {
  it('takes the first of the browser languages that Faxline speaks, by its primary subtag', () => {
    expect(preferredLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(preferredLanguage(['de-DE', 'fr-CA', 'es'])).toBe('fr');
    expect(preferredLanguage(['EN-gb'])).toBe('en');
  });

  it('falls back to English when the browser prefers none of them, or says nothing', () => {
    expect(preferredLanguage(['de-DE', 'it'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
    expect(preferredLanguage([''])).toBe('en');
  });
});
