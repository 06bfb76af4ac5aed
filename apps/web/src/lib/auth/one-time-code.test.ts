import { describe, expect, it } from 'vitest';

import { normaliseOneTimeCode } from './one-time-code';

describe('normaliseOneTimeCode', () => {
  it('drops the spaces people type or paste inside a code', () => {
    expect(normaliseOneTimeCode(' 123 456 ')).toBe('123456');
    expect(normaliseOneTimeCode('abcde-\n12345')).toBe('abcde-12345');
  });

  it('keeps everything else, for the schemas to judge', () => {
    expect(normaliseOneTimeCode('12a456')).toBe('12a456');
    expect(normaliseOneTimeCode('')).toBe('');
  });
});
