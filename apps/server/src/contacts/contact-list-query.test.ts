import { describe, expect, it } from 'vitest';
import { decodeContactCursor, encodeContactCursor, searchPattern } from './contact-list-query';

describe('the contact cursor', () => {
  it('reads back what it wrote, and nothing else', () => {
    const after = { name: 'Zoé "Lab"', id: '0b9f7c1e-8f4a-4b7e-9d2c-3a5e6f7a8b9c' };
    expect(decodeContactCursor(encodeContactCursor(after))).toEqual(after);
    expect(encodeContactCursor(after)).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const forged of ['', 'abc', Buffer.from('["a","not-a-uuid"]').toString('base64url'), Buffer.from('{}').toString('base64url')])
      expect(decodeContactCursor(forged)).toBeNull();
  });
});

describe('searchPattern', () => {
  it('lower-cases the term and escapes the pattern characters', () => {
    expect(searchPattern('ANA')).toBe('%ana%');
    expect(searchPattern('100%_x\\')).toBe('%100\\%\\_x\\\\%');
  });

  it('searches a phone-like term by its digits, as numbers are stored', () => {
    expect(searchPattern('+1 (555) 010-20')).toBe('%+155501020%');
    expect(searchPattern('Suite 5-B')).toBe('%suite 5-b%');
  });

  it('finds nothing to search in blanks', () => {
    expect(searchPattern('   ')).toBeNull();
  });
});
