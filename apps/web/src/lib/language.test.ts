import { describe, expect, it } from 'vitest';

import { resolveLanguage } from './language';

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
