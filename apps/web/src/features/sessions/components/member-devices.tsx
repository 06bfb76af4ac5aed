import type { TDeviceSession, TMemberSessionsResponse } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { AddressText } from '@/components/ui/address-text';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useEndMemberSessions, useMemberSessions } from '../api/member-sessions';

import { DeviceRow, useDeviceName } from './device-row';

type TMember = TMemberSessionsResponse['members'][number];
type TAsked = { member: TMember; session?: TDeviceSession } | null;

/** The devices of the members the owner or a sub-admin manages, each one or all of a member's signed out on request. */
export function MemberDevices() {
  const { t } = useTranslation(['sessions', 'errors']);
  const members = useMemberSessions(true);
  const end = useEndMemberSessions();
  const deviceName = useDeviceName();
  const [asked, setAsked] = useState<TAsked>(null);

  const confirm = async () => {
    if (!asked) return;
    try {
      const { ended } = await end.mutateAsync({ userId: asked.member.userId, sessionId: asked.session?.id });
      toast({
        title: t('devices.endedTitle'),
        description: asked.session ? t('devices.endedDescription') : t('devices.endedOthersDescription', { count: ended }),
      });
    } catch (error) {
      toast({
        title: t('devices.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
    setAsked(null);
  };

  const body = () => {
    if (members.isPending) return <Loading>{t('members.loading')}</Loading>;
    if (members.isError)
      return (
        <LoadFailed
          title={t('devices.loadFailed')}
          error={members.error}
          retryLabel={t('devices.retry')}
          onRetry={() => void members.refetch()}
        />
      );
    if (members.data.members.length === 0) return <p className="text-sm text-muted-foreground">{t('members.empty')}</p>;
    return (
      <ul className="flex flex-col gap-4">
        {members.data.members.map((member) => (
          <li key={member.userId} className="flex flex-col gap-2 rounded-md border p-4">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <h3 className="font-semibold">{member.name}</h3>
                <p className="text-sm text-muted-foreground">
                  <AddressText>{member.email}</AddressText> · {t(`members.role.${member.role}`)}
                </p>
              </div>
              {member.sessions.length > 0 ? (
                <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setAsked({ member })}>
                  {t('members.endAll')}
                  <span className="sr-only"> ({member.name})</span>
                </Button>
              ) : null}
            </div>
            {member.sessions.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('members.none')}</p>
            ) : (
              <ul className="divide-y" aria-label={member.name}>
                {member.sessions.map((session) => (
                  <DeviceRow key={session.id} session={session} onEnd={(chosen) => setAsked({ member, session: chosen })} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby="member-devices-heading" className="flex flex-col gap-4 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="member-devices-heading" className="text-xl font-semibold">
          {t('members.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('members.description')}</p>
      </div>
      {body()}
      <ConfirmDialog
        open={asked !== null}
        title={asked?.session ? t('devices.confirmEndTitle') : t('members.confirmEndAllTitle', { name: asked?.member.name ?? '' })}
        description={
          asked?.session
            ? t('devices.confirmEndDescription', { device: deviceName(asked.session) })
            : t('members.confirmEndAllDescription', { name: asked?.member.name ?? '' })
        }
        cancelLabel={t('devices.cancel')}
        confirmLabel={t('devices.confirm')}
        pendingLabel={t('devices.ending')}
        pending={end.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
      />
    </section>
  );
}
