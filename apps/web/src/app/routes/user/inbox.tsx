import type { TInboxFax } from '@faxline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FaxDetailsDialog } from '@/features/faxes/components/fax-details-dialog';
import { InboxView, useShownInboxName } from '@/features/inboxes/components/inbox-view';
import { inboxKeys } from '@/lib/inboxes/query-keys';
import { useDocumentTitle } from '@/lib/use-document-title';

type TOpenFax = { fax: TInboxFax; trigger: HTMLElement | null } | null;

/**
 * /user/inbox?inbox=<id|none> (issue 37, decision 103): a shared inbox's faxes, whose Open shows the history's details
 * dialog, where the fax is moved, claimed and labelled. The page puts the two features together: a feature does not
 * import another.
 */
export default function InboxRoute() {
  const { t } = useTranslation('inboxes');
  const name = useShownInboxName();
  const [open, setOpen] = useState<TOpenFax>(null);
  const queryClient = useQueryClient();
  // Opening a fax marks it read, and its details may have moved it: the lists show it as it now is.
  const close = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  };
  useDocumentTitle(name);

  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words">{name}</h1>
        <p className="text-muted-foreground">{t('page.intro')}</p>
      </div>
      <InboxView onOpen={(fax, trigger) => setOpen({ fax, trigger })} />
      {open ? <FaxDetailsDialog faxId={open.fax.id} returnFocusTo={open.trigger} onClose={close} /> : null}
    </section>
  );
}
