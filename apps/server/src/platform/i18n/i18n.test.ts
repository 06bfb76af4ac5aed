import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import { negotiateLanguage, translator } from './i18n';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' ? keys(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('server messages', () => {
  it('has the same keys in en, es and fr', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it.each([
    [undefined, 'en'],
    ['fr-CA,fr;q=0.9,en;q=0.5', 'fr'],
    ['de-DE,es;q=0.7', 'es'],
    ['de,it', 'en'],
    ['en;q=0.1,fr;q=0.5', 'fr'],
    ['es;q=0', 'en'],
  ])('negotiates %s as %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });

  it('fills placeholders', () => {
    expect(translator('es')('errors.routeNotFound', { method: 'GET', path: '/api/x' })).toBe(
      'No existe el punto de acceso de la API GET /api/x.',
    );
  });
});
