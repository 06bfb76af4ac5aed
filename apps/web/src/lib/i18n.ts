import { DEFAULT_LANGUAGE, LANGUAGES, MESSAGE_DEFAULTS, type TLanguage } from '@faxline/shared';
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enCommon from '@/locales/en/common.json';
import enErrors from '@/locales/en/errors.json';
import esCommon from '@/locales/es/common.json';
import esErrors from '@/locales/es/errors.json';
import frCommon from '@/locales/fr/common.json';
import frErrors from '@/locales/fr/errors.json';

import { initialLanguage, resolveLanguage, storeLanguage } from './language';

export const defaultNS = 'common';

// English is the reference: its files type the keys (see src/types/i18next.d.ts).
export const resources = {
  en: { common: enCommon, errors: enErrors },
  es: { common: esCommon, errors: esErrors },
  fr: { common: frCommon, errors: frErrors },
} as const;

// Namespaces other than common and errors belong to some pages only (auth: sign-in, profile, admin login ...): each
// language's file is fetched with the first page that asks for it, keeping the first-load bundle small. The landing
// page's own (marketing) is listed here; every other file is listed in a module fetched with the first page that needs
// one (locale-files.ts), so that the first load does not carry a line per file of every page. A new namespace file is
// picked up without editing a list; add it to src/types/i18next.d.ts for typed keys.
const landingNamespaces = import.meta.glob<Record<string, unknown>>('../locales/*/marketing.json', { import: 'default' });
const otherNamespaces = () => import('./locale-files').then((module) => module.localeFiles);

/** The loader of a namespace file, or null when there is no such file. */
async function namespaceFile(path: string) {
  return landingNamespaces[path] ?? (await otherNamespaces())[path] ?? null;
}

// The `messages` namespace is the shared catalogue (packages/shared/src/messages, decision 029): the texts the server
// shows too, mostly the forms' checks. Loaded like the namespaces above, with the first page that uses it: bundled, it
// would put every form's texts in three languages into the landing page's first load, past its 150 kB budget.
const sharedMessages: Record<TLanguage, () => Promise<Record<string, unknown>>> = {
  en: () => import('@faxline/shared/messages/en.json').then((module) => module.default),
  es: () => import('@faxline/shared/messages/es.json').then((module) => module.default),
  fr: () => import('@faxline/shared/messages/fr.json').then((module) => module.default),
};

const lazyNamespaceBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const loaded =
      namespace === 'messages'
        ? sharedMessages[resolveLanguage(language)]()
        : namespaceFile(`../locales/${language}/${namespace}.json`).then((load) => (load ? load() : {}));
    loaded.then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

// Registered before init so the first language is applied too, not only later changes.
i18n.on('languageChanged', (lng) => {
  const language = resolveLanguage(lng);
  document.documentElement.lang = language;
  storeLanguage(language);
});

void i18n
  .use(lazyNamespaceBackend)
  .use(initReactI18next)
  .init({
    resources,
    // Use the bundled resources and ask the backend only for the namespaces they lack.
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: ['common', 'errors'],
    defaultNS,
    // React escapes what it renders; escaping here as well would show &amp; and the like. The limits the texts name
    // come from the shared constants unless a call passes its own value.
    interpolation: { escapeValue: false, defaultVariables: { ...MESSAGE_DEFAULTS } },
    returnNull: false,
    // Keeps the console free of the library's promotional message.
    showSupportNotice: false,
  });

export { i18n };
