import type { defaultNS, resources } from '@/lib/i18n';
import type enAuth from '@/locales/en/auth.json';
import type enDevelopers from '@/locales/en/developers.json';
import type enFaxes from '@/locales/en/faxes.json';
import type enHelp from '@/locales/en/help.json';
import type enLegal from '@/locales/en/legal.json';
import type enMarketing from '@/locales/en/marketing.json';

// Typed keys: t('home.heading') compiles, a misspelt key does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Bundled namespaces, plus those loaded with the pages that need them (see lazyNamespaces in src/lib/i18n.ts).
    resources: (typeof resources)['en'] & {
      auth: typeof enAuth;
      developers: typeof enDevelopers;
      faxes: typeof enFaxes;
      help: typeof enHelp;
      legal: typeof enLegal;
      marketing: typeof enMarketing;
    };
  }
}
