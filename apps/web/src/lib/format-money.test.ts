import { describe, expect, it } from 'vitest';

import { formatMoney, minorUnitDigits } from './format-money';

// Intl separates the amount and the symbol with a no-break space in some languages; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('writes a price in cents the way each of our languages does', () => {
    expect(plain(formatMoney(999, 'USD', 'en'))).toBe('$9.99');
    expect(plain(formatMoney(999, 'USD', 'es'))).toBe('9,99 US$');
    expect(plain(formatMoney(999, 'USD', 'fr'))).toBe('9,99 $US');
    expect(plain(formatMoney(999, 'EUR', 'fr'))).toBe('9,99 €');
  });

  it('writes a few cents per page as a currency amount', () => {
    expect(plain(formatMoney(5, 'USD', 'en'))).toBe('$0.05');
    expect(plain(formatMoney(6, 'USD', 'fr'))).toBe('0,06 $US');
  });

  it('uses the currency’s own minor unit', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(plain(formatMoney(1500, 'JPY', 'en'))).toBe('¥1,500');
  });
});
