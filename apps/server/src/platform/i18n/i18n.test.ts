import { MESSAGES } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import { isMessageKey, negotiateLanguage, translator } from './i18n';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' ? keys(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function text(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
}

describe('server messages', () => {
  it('has the same keys in en, es and fr', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('shares no key and no text with the shared catalogue, which it loads under the same keys', () => {
    const own = new Set(keys(en));
    expect(keys(MESSAGES.en).filter((key) => own.has(key))).toEqual([]);
    const sharedTexts = new Set(keys(MESSAGES.en).map((key) => text(MESSAGES.en, key)));
    expect(keys(en).filter((key) => sharedTexts.has(text(en, key)))).toEqual([]);
  });

  it('answers the shared texts under their keys, which are the codes clients see', () => {
    expect(isMessageKey('errors.tooManyFiles')).toBe(true);
    expect(isMessageKey('validation.email')).toBe(true);
    expect(translator('fr')('validation.email')).toBe(MESSAGES.fr.validation.email);
    expect(translator('en')('errors.fileTooLarge', { file: 'a.pdf', size: 25 })).toBe('File "a.pdf" exceeds the 25MB size limit.');
  });

  it('fills the limits the shared texts name from the shared constants', () => {
    expect(translator('en')('errors.tooManyFiles')).toBe('You can attach a maximum of 5 files.');
    expect(translator('es')('validation.passwordTooShort')).toBe('La contraseña debe tener al menos 8 caracteres.');
    expect(translator('en')('validation.planTooManyFeatures')).toBe('A plan can list at most 20 features.');
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
