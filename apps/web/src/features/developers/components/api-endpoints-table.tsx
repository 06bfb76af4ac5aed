import { useTranslation } from 'react-i18next';

import { ENDPOINTS } from '../api-reference';
import { InlineCode, ReferenceTable } from './reference-table';

/** Every /v1 endpoint in one table: method, path and what it does. */
export function ApiEndpointsTable() {
  const { t } = useTranslation('developers');
  return (
    <ReferenceTable
      caption={t('endpoints.caption')}
      headers={[t('endpoints.method'), t('endpoints.path'), t('endpoints.description')]}
      rows={ENDPOINTS.map(({ method, path, key }) => ({
        key: `${method} ${path}`,
        cells: [<InlineCode key="m">{method}</InlineCode>, <InlineCode key="p">{path}</InlineCode>, t(`endpoints.items.${key}`)],
      }))}
    />
  );
}
