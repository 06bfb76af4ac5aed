import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { useLanguage } from './use-language';

function Probe() {
  return useLanguage().language;
}

describe('useLanguage', () => {
  it('throws when used outside its provider (spec 000 §8)', () => {
    expect(() => renderToString(createElement(Probe))).toThrow('useLanguage must be used within a LanguageProvider');
  });
});
