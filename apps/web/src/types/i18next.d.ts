import type { defaultNS, resources } from '@/lib/i18n';

// Typed keys: t('home.heading') compiles, a misspelt key does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['en'];
  }
}
