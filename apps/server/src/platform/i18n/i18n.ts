import { DEFAULT_LANGUAGE, LANGUAGES, MESSAGE_DEFAULTS, MESSAGES, type TLanguage, type TMessages } from '@faxline/shared';
import i18next, { type TFunction } from 'i18next';
import { z } from 'zod';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';

/**
 * Server-side texts (API error messages, e-mails, cover pages), in the same three languages as the web app. The texts
 * the web app shows too live in the shared catalogue (packages/shared/src/messages) and join ours under the same keys,
 * so a message's key, an error body's `code`, does not depend on where its text is kept.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: {
    en: { translation: withShared(en, MESSAGES.en) },
    es: { translation: withShared(es, MESSAGES.es) },
    fr: { translation: withShared(fr, MESSAGES.fr) },
  },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // JSON bodies, not HTML; the limits the shared texts name come from the shared constants.
  interpolation: { escapeValue: false, defaultVariables: { ...MESSAGE_DEFAULTS } },
  initAsync: false,
  showSupportNotice: false,
});

/** Our texts and the shared ones in one tree, neither changed (no key is in both: i18n.test.ts checks it). */
function withShared(own: object, shared: object): Record<string, unknown> {
  const tree: Record<string, unknown> = { ...shared };
  for (const [key, value] of Object.entries(own)) {
    const other = tree[key];
    tree[key] = typeof value === 'object' && typeof other === 'object' ? withShared(value as object, other as object) : value;
  }
  return tree;
}

export type MessageKey =
  | `errors.${keyof typeof en.errors | keyof TMessages['errors']}`
  | `validation.${keyof typeof en.validation | keyof TMessages['validation']}`
  | `fhir.${keyof TMessages['fhir']}`
  | `scim.${keyof TMessages['scim']}`
  | `sso.${keyof TMessages['sso']}`;

export function translator(language: TLanguage): TFunction {
  return i18n.getFixedT(language);
}

export function isMessageKey(value: string): value is MessageKey {
  return i18n.exists(value);
}

/** The best of our languages for an Accept-Language header ("fr-CA,fr;q=0.9,en;q=0.5" -> fr). */
export function negotiateLanguage(header: string | undefined): TLanguage {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.base));
  return (match?.base as TLanguage | undefined) ?? DEFAULT_LANGUAGE;
}

const zodLocales = { en: z.locales.en, es: z.locales.es, fr: z.locales.fr } satisfies Record<TLanguage, unknown>;

/** A zod issue's message in the request's language: our own message keys first, zod's translations otherwise. */
export function translateIssue(issue: z.core.$ZodIssue, language: TLanguage): string {
  if (isMessageKey(issue.message)) return translator(language)(issue.message);
  const localized = zodLocales[language]().localeError?.(issue as unknown as z.core.$ZodRawIssue);
  if (typeof localized === 'string') return localized;
  return localized?.message ?? issue.message;
}
