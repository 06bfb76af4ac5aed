import type { defaultNS, resources } from '@/lib/i18n';
import type enAuth from '@/locales/en/auth.json';

// Typed keys: t('home.heading') compiles, a misspelt key does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Bundled namespaces, plus those loaded with the pages that need them (see lazyNamespaces in src/lib/i18n.ts).
    resources: (typeof resources)['en'] & { auth: typeof enAuth };
  }
}
