import { assignableRoleOf, type TMember } from '@faxline/shared';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDateFormat } from '@/lib/use-date-format';
import { cn } from '@/lib/utils';

import { isManageable } from '../utils/member-roles';

import { MemberRoleDialog } from './member-role-dialog';
import { RemoveMemberDialog } from './remove-member-dialog';

type TDialog = { kind: 'role' | 'remove'; member: TMember; trigger: HTMLButtonElement | null };
type TMembersListProps = { members: TMember[]; viewerId: string | undefined };

/** The account's logins (owner first) with their role, two-factor status and date added; others' rows can be changed. */
export function MembersList({ members, viewerId }: TMembersListProps) {
  const { t } = useTranslation('members');
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Focus goes back to the button that opened the dialog, or to the heading when its row is gone (removed).
  const focusBack = () => (dialog?.trigger?.isConnected ? dialog.trigger : heading.current)?.focus();
  const returnFocus = (event: Event) => {
    event.preventDefault();
    focusBack();
  };
  const open = (kind: TDialog['kind'], member: TMember) => (event: MouseEvent<HTMLButtonElement>) =>
    setDialog({ kind, member, trigger: event.currentTarget });
  const close = () => setDialog(null);
  const dialogRole = dialog ? assignableRoleOf(dialog.member.role) : null;

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="members-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-hidden">
          {t('list.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('list.description')}</p>
      </div>
      <ul aria-labelledby="members-heading" className="flex flex-col divide-y rounded-lg border">
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isViewer={member.userId === viewerId}
            manageable={isManageable(member, viewerId)}
            onChangeRole={open('role', member)}
            onRemove={open('remove', member)}
          />
        ))}
      </ul>
      {dialog?.kind === 'role' && dialogRole ? (
        <MemberRoleDialog member={dialog.member} current={dialogRole} onClose={close} onCloseAutoFocus={returnFocus} />
      ) : null}
      {dialog?.kind === 'remove' ? <RemoveMemberDialog member={dialog.member} onClose={close} returnFocus={focusBack} /> : null}
    </section>
  );
}

type TMemberRowProps = {
  member: TMember;
  isViewer: boolean;
  manageable: boolean;
  onChangeRole: (event: MouseEvent<HTMLButtonElement>) => void;
  onRemove: (event: MouseEvent<HTMLButtonElement>) => void;
};

function MemberRow({ member, isViewer, manageable, onChangeRole, onRemove }: TMemberRowProps) {
  const { t } = useTranslation('members');
  const added = useDateFormat().date(member.createdAt);
  // Role first: it is what this page changes. On narrow screens the e-mail address takes a line of its own.
  const details: Array<{ term: string; value: ReactNode; wide?: boolean }> = [
    { term: t('list.role'), value: t(`roles.${member.role}`) },
    { term: t('list.username'), value: member.username ? <span translate="no">{member.username}</span> : t('list.noUsername') },
    { term: t('list.email'), value: <span translate="no">{member.email}</span>, wide: true },
    {
      term: t('list.twoFactor'),
      value: (
        <Badge variant={member.twoFactorEnabled ? 'success' : 'muted'}>
          {member.twoFactorEnabled ? t('list.twoFactorOn') : t('list.twoFactorOff')}
        </Badge>
      ),
    },
    { term: t('list.added'), value: added },
  ];

  return (
    <li className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          <span translate="no">{member.name}</span>
          {isViewer ? <Badge variant="accent">{t('list.you')}</Badge> : null}
          {member.active ? null : <Badge variant="muted">{t('list.deactivated')}</Badge>}
        </h3>
        {manageable ? (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={t('list.changeRoleFor', { name: member.name })}
              onClick={onChangeRole}
            >
              {t('list.changeRole')}
            </Button>
            <Button type="button" variant="outline" size="sm" aria-label={t('list.removeFor', { name: member.name })} onClick={onRemove}>
              {t('list.remove')}
            </Button>
          </div>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.6fr)_auto_auto]">
        {details.map(({ term, value, wide }) => (
          <div key={term} className={cn('flex min-w-0 flex-col gap-0.5', wide && 'col-span-2 lg:col-span-1')}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
