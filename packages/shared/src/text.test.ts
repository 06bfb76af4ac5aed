import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters, multiLineText, singleLineText } from './text';

const C0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code));

describe('text fields refuse control characters and broken Unicode', () => {
  it('accepts text in any script, emoji (surrogate pairs) and typographic spaces', () => {
    for (const text of [
      'Ada Lovelace',
      'Zoë Ñúñez',
      'Ελληνικά',
      '日本語のテキスト',
      'مرحبا',
      'fax 📠 ok 👍🏽',
      'non\u00a0breaking',
      'a\u2028b',
    ]) {
      expect(hasForbiddenCharacters(text, 'line'), text).toBe(false);
      expect(hasForbiddenCharacters(text, 'multiline'), text).toBe(false);
    }
  });

  it('refuses every C0 control character, DEL and the C1 controls on one line', () => {
    for (const character of [...C0, '\u007f', '\u0080', '\u009f']) {
      expect(hasForbiddenCharacters(`a${character}b`, 'line'), JSON.stringify(character)).toBe(true);
    }
  });

  it('lets multi-line text keep tab, line feed and carriage return, and nothing else of C0', () => {
    expect(hasForbiddenCharacters('Dear Ada,\r\n\tthe fax\nfollows.', 'multiline')).toBe(false);
    for (const character of C0.filter((c) => !'\t\n\r'.includes(c))) {
      expect(hasForbiddenCharacters(`a${character}b`, 'multiline'), JSON.stringify(character)).toBe(true);
    }
  });

  it('refuses half of a surrogate pair, at either end or alone', () => {
    for (const text of ['\ud800', '\udfff', 'a\ud83db', 'a\udca0', '📠'.slice(0, 1), '📠'.slice(1)]) {
      expect(hasForbiddenCharacters(text, 'line'), JSON.stringify(text)).toBe(true);
      expect(hasForbiddenCharacters(text, 'multiline'), JSON.stringify(text)).toBe(true);
    }
  });

  it('gives the one message key through the zod checks, after trimming', () => {
    const name = z.string().trim().min(1).max(20).check(singleLineText);
    expect(name.parse('  Ada\n')).toBe('Ada');
    expect(name.safeParse('A\u0000da').error?.issues).toEqual([expect.objectContaining({ message: FORBIDDEN_CHARACTERS_MESSAGE })]);
    expect(name.safeParse('A\tda').error?.issues[0]?.message).toBe(FORBIDDEN_CHARACTERS_MESSAGE);
    const message = z.string().max(100).check(multiLineText);
    expect(message.parse('line one\r\nline two')).toBe('line one\r\nline two');
    expect(message.safeParse('bell\u0007').error?.issues[0]?.message).toBe(FORBIDDEN_CHARACTERS_MESSAGE);
  });

  it('checks a megabyte of text quickly', () => {
    const big = 'x'.repeat(1_000_000);
    const started = performance.now();
    expect(hasForbiddenCharacters(big)).toBe(false);
    expect(hasForbiddenCharacters(`${big}\u0000`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
