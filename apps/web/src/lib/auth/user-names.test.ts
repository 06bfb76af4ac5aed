import { describe, expect, it } from 'vitest';

import { firstName, initials } from './user-names';

describe('firstName', () => {
  it('is the first word of the full name', () => {
    expect(firstName('Ada Lovelace')).toBe('Ada');
    expect(firstName('  María José  García ')).toBe('María');
    expect(firstName('Cher')).toBe('Cher');
  });

  it('is null without a name, so the page can say User (spec 001 §2.3)', () => {
    expect(firstName('')).toBeNull();
    expect(firstName('   ')).toBeNull();
    expect(firstName(null)).toBeNull();
    expect(firstName(undefined)).toBeNull();
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words, uppercased (spec 001 §2.2)', () => {
    expect(initials('ada lovelace')).toBe('AL');
    expect(initials('Jean-Luc de la Fontaine')).toBe('JD');
    expect(initials('élise')).toBe('É');
  });

  it('falls back to the e-mail address, then to a question mark', () => {
    expect(initials('', 'grace@example.com')).toBe('G');
    expect(initials(null, null)).toBe('?');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(initials('𝒜da Lovelace')).toBe('𝒜L');
  });
});
