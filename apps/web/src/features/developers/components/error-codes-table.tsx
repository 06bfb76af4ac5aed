import { useTranslation } from 'react-i18next';

import { InlineCode, ReferenceTable } from './reference-table';

/** A message's placeholder as the table shows it: `{{max}}` is `‹max›`, the value the answer fills in. */
const withPlaceholders = (template: string) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, '‹$1›');

/**
 * Every `code` an error can carry (the server's messages, packages/shared/src/messages), with its message in the
 * page's language: each row is the target of the errors' `doc_url` (/api-documentation#<code>).
 */
export function ErrorCodesTable() {
  const { t, i18n, ready } = useTranslation(['developers', 'messages']);
  // The templates as written, not filled in: the table shows where an answer puts its values.
  const bundle = ready ? (i18n.getResourceBundle(i18n.resolvedLanguage ?? 'en', 'messages') as { errors?: Record<string, string> }) : {};
  const codes = Object.entries(bundle?.errors ?? {});
  return (
    <ReferenceTable
      caption={t('apiDocs.errors.codes.caption')}
      headers={[t('apiDocs.errors.codes.code'), t('apiDocs.errors.codes.message')]}
      rows={codes.map(([key, template]) => ({
        key,
        id: `errors.${key}`,
        cells: [<InlineCode key="c">{`errors.${key}`}</InlineCode>, withPlaceholders(template)],
      }))}
    />
  );
}
