import { FAX_EVENT_TYPES, type TFaxEventType } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { WEBHOOK_HEADERS } from '../webhook-reference';
import { InlineCode, ReferenceTable } from './reference-table';

/** An event's place in the texts: `fax.queued` is `queued` (i18next reads a dot as nesting). */
type TEventName<T> = T extends `fax.${infer Name}` ? Name : never;
const nameOf = (type: TFaxEventType) => type.slice('fax.'.length) as TEventName<TFaxEventType>;

/** Every event an endpoint can subscribe to, and when it is sent. */
export function WebhookEventsTable() {
  const { t } = useTranslation('developers');
  return (
    <ReferenceTable
      caption={t('apiDocs.webhooks.events.caption')}
      headers={[t('apiDocs.webhooks.events.event'), t('apiDocs.webhooks.events.meaning')]}
      rows={FAX_EVENT_TYPES.map((type) => ({
        key: type,
        cells: [<InlineCode key="e">{type}</InlineCode>, t(`apiDocs.webhooks.events.items.${nameOf(type)}`)],
      }))}
    />
  );
}

/** The Standard Webhooks headers of every message. */
export function WebhookHeadersTable() {
  const { t } = useTranslation('developers');
  return (
    <ReferenceTable
      caption={t('apiDocs.webhooks.signatures.caption')}
      headers={[t('apiDocs.webhooks.signatures.header'), t('apiDocs.webhooks.signatures.meaning')]}
      rows={WEBHOOK_HEADERS.map(({ name, key }) => ({
        key: name,
        cells: [<InlineCode key="h">{name}</InlineCode>, t(`apiDocs.webhooks.signatures.items.${key}`)],
      }))}
    />
  );
}
