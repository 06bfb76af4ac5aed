import { API_KEY_SCOPES, type TApiKeyScope } from '@faxline/shared';
import { V1_ERROR_TYPES } from '@faxline/shared/api-v1';
import { useTranslation } from 'react-i18next';

import { RATE_LIMIT_HEADERS, STATUS_CODES } from '../api-reference';
import { InlineCode, ReferenceTable } from './reference-table';

/** A scope's place in the texts: `faxes:read` is `faxes.read` (i18next reads a colon as a namespace). */
type TDotted<S> = S extends `${infer Area}:${infer Right}` ? `${Area}.${Right}` : never;
type TScopeTextKey = TDotted<TApiKeyScope>;

const HEADER_KEYS = {
  'X-RateLimit-Limit': 'limit',
  'X-RateLimit-Remaining': 'remaining',
  'X-RateLimit-Reset': 'reset',
  'Retry-After': 'retryAfter',
} as const;

/** The scopes a key can be given, and what each allows (the API Keys page offers the same). */
export function ScopesTable() {
  const { t } = useTranslation('developers');
  return (
    <ReferenceTable
      caption={t('scopes.caption')}
      headers={[t('scopes.scope'), t('scopes.allows')]}
      rows={API_KEY_SCOPES.map((scope) => ({
        key: scope,
        cells: [<InlineCode key="s">{scope}</InlineCode>, t(`scopes.items.${scope.replace(':', '.') as TScopeTextKey}`)],
      }))}
    />
  );
}

/** The rate-limit headers of every answer, and Retry-After on a 429. */
export function RateLimitHeadersTable() {
  const { t } = useTranslation('developers');
  return (
    <ReferenceTable
      caption={t('rateHeaders.caption')}
      headers={[t('rateHeaders.header'), t('rateHeaders.meaning')]}
      rows={RATE_LIMIT_HEADERS.map((header) => ({
        key: header,
        cells: [<InlineCode key="h">{header}</InlineCode>, t(`rateHeaders.items.${HEADER_KEYS[header]}`)],
      }))}
    />
  );
}

/** The error types of the `error.type` field, with their HTTP status. */
export function ErrorTypesTable() {
  const { t } = useTranslation('developers');
  return (
    <ReferenceTable
      caption={t('errorTypes.caption')}
      headers={[t('errorTypes.type'), t('errorTypes.meaning')]}
      rows={V1_ERROR_TYPES.map((type) => ({ key: type, cells: [<InlineCode key="e">{type}</InlineCode>, t(`errorTypes.items.${type}`)] }))}
    />
  );
}

/** The HTTP status codes the API answers with. */
export function StatusCodesTable() {
  const { t } = useTranslation('developers');
  return (
    <ReferenceTable
      caption={t('statusCodes.caption')}
      headers={[t('statusCodes.code'), t('statusCodes.meaning')]}
      rows={STATUS_CODES.map(({ code, text }) => ({
        key: String(code),
        cells: [<InlineCode key="c">{`${code} ${text}`}</InlineCode>, t(`statusCodes.items.s${code}`)],
      }))}
    />
  );
}
