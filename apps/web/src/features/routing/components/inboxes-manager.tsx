import { MAX_INBOXES, type TInbox } from '@faxline/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CountedList } from '@/components/ui/counted-list';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { useInboxes } from '@/lib/inboxes/get-inboxes';

import { useAccountNumbers } from '../api/get-account-numbers';
import { useAccountPeople } from '../api/get-account-people';

import { DeleteInboxDialog } from './delete-inbox-dialog';
import { InboxFormDialog } from './inbox-form-dialog';
import { InboxItem, type TInboxAction } from './inbox-item';

type TAsking = { action: TInboxAction | 'create'; inbox: TInbox | null; trigger: HTMLButtonElement };

/**
 * The account's inboxes once they, its people and its numbers have arrived (the form chooses among them); a loading
 * line before, a retry if one did not come.
 */
export function InboxesManager() {
  const { t, i18n } = useTranslation('routing');
  const inboxes = useInboxes();
  const people = useAccountPeople();
  const numbers = useAccountNumbers();
  const [asking, setAsking] = useState<TAsking | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const failed = [inboxes, people, numbers].find((query) => query.isError);
  if (failed)
    return (
      <LoadFailed
        title={t('inboxes.list.loadFailed')}
        error={failed.error}
        retryLabel={t('inboxes.list.retry')}
        onRetry={() => void Promise.all([inboxes.refetch(), people.refetch(), numbers.refetch()])}
      />
    );
  if (!inboxes.data || !people.data || !numbers.data) return <Loading>{t('inboxes.list.loading')}</Loading>;

  const list = inboxes.data.inboxes;
  const peopleById = new Map(people.data.map((person) => [person.userId, person]));
  const number = new Intl.NumberFormat(i18n.language);
  const full = list.length >= MAX_INBOXES;
  // Focus goes back to the button that opened the dialog, or to the heading once its inbox is gone.
  const focusBack = () => (asking?.trigger.isConnected ? asking.trigger : heading.current)?.focus();
  const close = () => setAsking(null);

  return (
    <section className="flex min-w-0 flex-col gap-4 rounded-lg border p-4 sm:p-6">
      <CountedList
        title={t('inboxes.list.title')}
        count={t('inboxes.list.count', { used: number.format(list.length), max: number.format(MAX_INBOXES) })}
        empty={t('inboxes.list.empty')}
        isEmpty={list.length === 0}
        headingRef={heading}
        listClassName="flex min-w-0 flex-col gap-3"
      >
        {list.map((inbox) => (
          <InboxItem
            key={inbox.id}
            inbox={inbox}
            peopleById={peopleById}
            onAsk={(action, trigger) => setAsking({ action, inbox, trigger })}
          />
        ))}
      </CountedList>
      <p className="text-sm text-muted-foreground">
        {t('inboxes.list.unsorted', { count: inboxes.data.unsorted.newFaxes, formatted: number.format(inboxes.data.unsorted.newFaxes) })}
      </p>
      {full ? (
        <p role="note" className="rounded-md border border-dashed p-3 text-sm">
          {t('inboxes.list.full', { max: number.format(MAX_INBOXES) })}
        </p>
      ) : null}
      <Button
        type="button"
        className="self-start"
        disabled={full}
        onClick={(event) => setAsking({ action: 'create', inbox: null, trigger: event.currentTarget })}
      >
        {t('inboxes.list.create')}
      </Button>
      {asking && asking.action !== 'delete' ? (
        <InboxFormDialog
          inbox={asking.action === 'edit' ? asking.inbox : null}
          inboxes={list}
          people={people.data}
          numbers={numbers.data}
          onClose={close}
        />
      ) : null}
      {asking?.action === 'delete' && asking.inbox ? (
        <DeleteInboxDialog inbox={asking.inbox} onClose={close} returnFocus={focusBack} />
      ) : null}
    </section>
  );
}
