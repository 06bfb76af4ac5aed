import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { MESSAGE_DEFAULTS, MESSAGES } from './catalogue';

function texts(value: object, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? texts(child as object, `${prefix}${key}.`)
      : [[`${prefix}${key}`, child] as [string, unknown]],
  );
}

const placeholders = (value: unknown) => [...String(value).matchAll(/{{\s*(\w+)[^}]*}}/g)].map((m) => m[1]).sort();

describe('shared message catalogue', () => {
  const english = texts(MESSAGES.en);

  it.each(LANGUAGES)('has every text, and only those, in %s, with the same {{placeholders}}', (language) => {
    const entries = texts(MESSAGES[language]);
    expect(entries.map(([key]) => key).sort()).toEqual(english.map(([key]) => key).sort());
    const byKey = new Map(entries);
    for (const [key, value] of english) {
      expect(typeof byKey.get(key) === 'string' && (byKey.get(key) as string).trim() !== '', `${language}:${key}`).toBe(true);
      expect(placeholders(byKey.get(key)), `${language}:${key}`).toEqual(placeholders(value));
    }
  });

  it('writes each sentence once', () => {
    const values = english.map(([, value]) => value);
    expect(values.filter((value, index) => values.indexOf(value) !== index)).toEqual([]);
  });

  it('names its limits by the shared constants, not as literals', () => {
    const used = new Set(english.flatMap(([, value]) => placeholders(value)));
    for (const name of Object.keys(MESSAGE_DEFAULTS)) expect(used.has(name), name).toBe(true);
    expect(MESSAGES.en.errors.tooManyFiles).toBe('You can attach a maximum of {{maxAttachments}} files.');
  });
});
