import type { TDeviceSession } from '@faxline/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useEndDeviceSession, useEndOtherDeviceSessions } from '../api/end-device-sessions';
import { useDeviceSessions } from '../api/get-device-sessions';

import { DeviceRow, useDeviceName } from './device-row';

type TAsked = { kind: 'one'; session: TDeviceSession } | { kind: 'others' } | null;

/** The person's own signed-in devices: end one, or all but this one (each asked first). */
export function MyDevices() {
  const { t } = useTranslation(['sessions', 'errors']);
  const devices = useDeviceSessions();
  const endOne = useEndDeviceSession();
  const endOthers = useEndOtherDeviceSessions();
  const deviceName = useDeviceName();
  const [asked, setAsked] = useState<TAsked>(null);
  const pending = endOne.isPending || endOthers.isPending;

  const failed = (error: unknown) =>
    toast({
      title: t('devices.failedTitle'),
      description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
      variant: 'destructive',
    });
  const confirm = async () => {
    if (!asked) return;
    try {
      if (asked.kind === 'one') {
        await endOne.mutateAsync(asked.session.id);
        toast({ title: t('devices.endedTitle'), description: t('devices.endedDescription') });
      } else {
        const { ended } = await endOthers.mutateAsync();
        toast({ title: t('devices.endedTitle'), description: t('devices.endedOthersDescription', { count: ended }) });
      }
    } catch (error) {
      failed(error);
    }
    setAsked(null);
  };

  const body = () => {
    if (devices.isPending) return <Loading>{t('devices.loading')}</Loading>;
    if (devices.isError)
      return (
        <LoadFailed
          title={t('devices.loadFailed')}
          error={devices.error}
          retryLabel={t('devices.retry')}
          onRetry={() => void devices.refetch()}
        />
      );
    const sessions = devices.data.sessions;
    const others = sessions.filter((session) => !session.current).length;
    return (
      <>
        <ul className="divide-y" aria-label={t('devices.heading')}>
          {sessions.map((session) => (
            <DeviceRow key={session.id} session={session} onEnd={(chosen) => setAsked({ kind: 'one', session: chosen })} />
          ))}
        </ul>
        {others > 0 ? (
          <Button type="button" variant="outline" className="self-start" onClick={() => setAsked({ kind: 'others' })}>
            {t('devices.endOthers')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('devices.noOthers')}</p>
        )}
      </>
    );
  };

  return (
    <section aria-labelledby="my-devices-heading" className="flex flex-col gap-4 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="my-devices-heading" className="text-xl font-semibold">
          {t('devices.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('devices.description')}</p>
      </div>
      {body()}
      <ConfirmDialog
        open={asked !== null}
        title={asked?.kind === 'others' ? t('devices.confirmEndOthersTitle') : t('devices.confirmEndTitle')}
        description={
          asked?.kind === 'one'
            ? t('devices.confirmEndDescription', { device: deviceName(asked.session) })
            : t('devices.confirmEndOthersDescription')
        }
        cancelLabel={t('devices.cancel')}
        confirmLabel={t('devices.confirm')}
        pendingLabel={t('devices.ending')}
        pending={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
      />
    </section>
  );
}
