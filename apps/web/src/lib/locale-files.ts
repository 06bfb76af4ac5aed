// Every page's namespace files but the first load's (common, errors) and the landing page's (marketing): fetched with
// the first page that needs one of them (i18n.ts), so that their list is not in the first load.
export const localeFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/errors.json', '!../locales/*/marketing.json'],
  { import: 'default' },
);
