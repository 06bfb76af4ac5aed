import { LANGUAGES, MESSAGES } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

// Every translation file, as { './en/common.json': {...} }; new namespaces are picked up without editing this test.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/** Flattens nested keys to 'a.b.c' paths with their leaf values. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const byLanguage = new Map<string, Map<string, Map<string, unknown>>>();
for (const [file, content] of Object.entries(files)) {
  const [, language, namespace] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!language || !namespace) throw new Error(`Unexpected locale file ${file}`);
  const namespaces = byLanguage.get(language) ?? new Map<string, Map<string, unknown>>();
  namespaces.set(namespace, flatten(content));
  byLanguage.set(language, namespaces);
}
// The shared catalogue (packages/shared/src/messages), bundled as the `messages` namespace, meets the same rules.
for (const language of LANGUAGES) byLanguage.get(language)?.set('messages', flatten(MESSAGES[language]));
const allNamespaces = [...new Set([...byLanguage.values()].flatMap((nss) => [...nss.keys()]))].sort();

describe('locales', () => {
  it('has a folder for exactly the supported languages', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(allNamespaces)('namespace %s has the same keys in every language', (namespace) => {
    const allKeys = new Set(LANGUAGES.flatMap((lng) => [...(byLanguage.get(lng)?.get(namespace)?.keys() ?? [])]));
    for (const language of LANGUAGES) {
      const keys = byLanguage.get(language)?.get(namespace);
      const missing = [...allKeys].filter((key) => !keys?.has(key));
      expect(missing, `${language}/${namespace}.json is missing keys`).toEqual([]);
    }
  });

  it('has no empty or non-text values', () => {
    const bad: string[] = [];
    for (const [language, namespaces] of byLanguage) {
      for (const [namespace, entries] of namespaces) {
        for (const [key, value] of entries) {
          if (typeof value !== 'string' || value.trim() === '') bad.push(`${language}/${namespace}:${key}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('does not repeat a text of the shared catalogue: a text the server shows too is written once', () => {
    const shared = new Set(flatten(MESSAGES.en).values());
    const repeated = [...(byLanguage.get('en') ?? new Map<string, Map<string, unknown>>())]
      .filter(([namespace]) => namespace !== 'messages')
      .flatMap(([namespace, entries]) => [...entries].filter(([, value]) => shared.has(value)).map(([key]) => `${namespace}:${key}`));
    expect(repeated).toEqual([]);
  });

  it('keeps the same {{placeholders}} in every language', () => {
    const placeholders = (value: unknown) => [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const namespace of allNamespaces) {
      const reference = byLanguage.get('en')?.get(namespace);
      for (const [key, value] of reference ?? []) {
        for (const language of LANGUAGES) {
          const other = byLanguage.get(language)?.get(namespace)?.get(key);
          expect(placeholders(other), `${language}/${namespace}:${key}`).toEqual(placeholders(value));
        }
      }
    }
  });
});
