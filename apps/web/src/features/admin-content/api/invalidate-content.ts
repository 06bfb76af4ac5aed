import type { QueryClient } from '@tanstack/react-query';

import { adminContentKeys, PUBLIC_FAQS_KEY, PUBLIC_SITE_CONTENT_KEY } from './admin-content-keys';

/** After any change: the lists, the item, the public FAQs (a published FAQ is on /support at once), pages and posts. */
export function invalidateContent(queryClient: QueryClient, id?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminContentKeys.lists }),
    id ? queryClient.invalidateQueries({ queryKey: adminContentKeys.item(id) }) : null,
    queryClient.invalidateQueries({ queryKey: PUBLIC_FAQS_KEY }),
    queryClient.invalidateQueries({ queryKey: PUBLIC_SITE_CONTENT_KEY }),
  ]);
}
