import { formatPhoneInternational, type TInbox, type TMember } from '@faxline/shared';
import { useId, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** What a button of the inbox asks its list to open. */
export type TInboxAction = 'edit' | 'delete';

type TInboxItemProps = {
  inbox: TInbox;
  /** The account's people by id, to name the members. */
  peopleById: ReadonlyMap<string, TMember>;
  onAsk: (action: TInboxAction, trigger: HTMLButtonElement) => void;
};

/** One inbox: its name and new faxes, its members and numbers, Edit and Delete. */
export function InboxItem({ inbox, peopleById, onAsk }: TInboxItemProps) {
  const { t, i18n } = useTranslation('routing');
  const id = useId();
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  // A member who has left the account is still listed by the server until the inbox is saved again; nameless here.
  const members = inbox.memberIds.map((userId) => peopleById.get(userId)?.name).filter((name): name is string => Boolean(name));
  const ask = (action: TInboxAction) => (event: MouseEvent<HTMLButtonElement>) => onAsk(action, event.currentTarget);
  const row = 'grid grid-cols-1 gap-x-3 sm:grid-cols-[8rem_minmax(0,1fr)]';

  return (
    <li aria-labelledby={`${id}-name`} className="flex min-w-0 flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-name`} className="font-semibold break-words">
          {inbox.name}
        </h3>
        <Badge variant={inbox.newFaxes > 0 ? 'default' : 'muted'}>
          {t('inboxes.list.newFaxes', { count: inbox.newFaxes, formatted: new Intl.NumberFormat(i18n.language).format(inbox.newFaxes) })}
        </Badge>
      </div>
      <dl className="flex min-w-0 flex-col gap-1 text-sm">
        <div className={row}>
          <dt className="text-muted-foreground">{t('inboxes.list.members')}</dt>
          <dd className="break-words">{members.length ? list.format(members) : t('inboxes.list.noMembers')}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted-foreground">{t('inboxes.list.numbers')}</dt>
          <dd translate={inbox.numbers.length ? 'no' : undefined} className="break-words">
            {inbox.numbers.length ? list.format(inbox.numbers.map(formatPhoneInternational)) : t('inboxes.list.noNumbers')}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={t('inboxes.list.editNamed', { name: inbox.name })}
          onClick={ask('edit')}
        >
          {t('inboxes.list.edit')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={t('inboxes.list.deleteNamed', { name: inbox.name })}
          onClick={ask('delete')}
        >
          {t('inboxes.list.delete')}
        </Button>
      </div>
    </li>
  );
}
