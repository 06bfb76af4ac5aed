import { describe, expect, it } from 'vitest';

import { formatRatio, formatShare, formatWait } from './format-figures';

describe('the delivery record in words', () => {
  it('says a share and a ratio in the language, and nothing of no faxes', () => {
    expect(formatShare(0.923, 'en')).toBe('92.3%');
    expect(formatShare(0.5, 'fr')).toMatch(/^50\s%$/);
    expect(formatShare(null, 'en')).toBeNull();
    expect(formatRatio(1.25, 'es')).toBe('1,25');
    expect(formatRatio(null, 'en')).toBeNull();
  });

  it('says a wait in seconds, minutes or hours', () => {
    expect(formatWait(7_500, 'en')).toBe('7.5 sec');
    expect(formatWait(192_000, 'en')).toBe('3.2 min');
    expect(formatWait(26 * 3_600_000, 'en')).toBe('26 hr');
  });
});
