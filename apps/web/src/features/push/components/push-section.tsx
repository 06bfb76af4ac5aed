import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import {
  getPushPublicKey,
  removePushSubscription,
  savePushSubscription,
  usePushChange,
  usePushSubscriptions,
} from '../api/push-subscriptions';
import { currentSubscription, deviceLabel, pushSupport, subscribeDevice, type TPushSupport } from '../utils/device-push';

/** The section's anchor, for links that point at it. */
export const PUSH_ID = 'push-notifications';

/**
 * Push notifications on this device (issue 42): on when this browser holds a subscription and the server holds the same
 * one for this person; turning it on asks the browser's permission and subscribes with the server's key, turning it off
 * removes both. Which faxes notify follows the notification preferences above, as e-mail does.
 */
export function PushSection() {
  const { t } = useTranslation('settings');
  return (
    <section id={PUSH_ID} aria-labelledby="push-heading" className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="push-heading" className="text-xl font-semibold">
          {t('push.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('push.description')}</p>
      </div>
      <DevicePush />
    </section>
  );
}

/** This browser's subscription's endpoint: undefined while it is read, null when it has none. */
function useBrowserEndpoint() {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    if (pushSupport() === 'unsupported') setEndpoint(null);
    else void currentSubscription().then((subscription) => current && setEndpoint(subscription?.endpoint ?? null));
    return () => {
      current = false;
    };
  }, []);
  return [endpoint, setEndpoint] as const;
}

function DevicePush() {
  const { t } = useTranslation(['settings', 'errors']);
  const id = useId();
  const [support, setSupport] = useState<TPushSupport>(pushSupport);
  const [endpoint, setEndpoint] = useBrowserEndpoint();
  const subscriptions = usePushSubscriptions();
  const turnOn = usePushChange(async () => {
    const subscription = await subscribeDevice(await getPushPublicKey());
    if (typeof subscription === 'string') return subscription;
    const { keys } = subscription.toJSON();
    await savePushSubscription({
      endpoint: subscription.endpoint,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      deviceLabel: deviceLabel(),
    });
    return subscription.endpoint;
  });
  const turnOff = usePushChange(async (subscriptionId: string | undefined) => {
    if (subscriptionId) await removePushSubscription(subscriptionId);
    await (await currentSubscription())?.unsubscribe();
  });

  if (support === 'unsupported') return <PushNote>{t('push.unsupported')}</PushNote>;
  if (subscriptions.isPending || endpoint === undefined) return <Loading>{t('push.loading')}</Loading>;
  if (subscriptions.isError)
    return (
      <LoadFailed
        title={t('push.loadFailed')}
        error={subscriptions.error}
        retryLabel={t('push.retry')}
        onRetry={() => void subscriptions.refetch()}
      />
    );

  const mine = subscriptions.data.find((subscription) => subscription.endpoint === endpoint);
  const others = subscriptions.data.length - (mine ? 1 : 0);
  const busy = turnOn.isPending || turnOff.isPending;

  const failed = (error: unknown) =>
    toast({
      title: t('push.failedTitle'),
      description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
      variant: 'destructive',
    });
  const change = async (on: boolean) => {
    try {
      if (!on) {
        await turnOff.mutateAsync(mine?.id);
        setEndpoint(null);
        toast({ title: t('push.offTitle'), description: t('push.offDescription') });
        return;
      }
      const result = await turnOn.mutateAsync(undefined);
      if (result === 'denied' || result === 'unsupported') {
        setSupport(result);
        return;
      }
      setEndpoint(result);
      toast({ title: t('push.onTitle'), description: t('push.onDescription') });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className="flex flex-col gap-4" aria-busy={busy}>
      <SettingSwitch
        id={`${id}-device`}
        label={t('push.device.label')}
        description={t('push.device.description')}
        checked={Boolean(mine)}
        disabled={busy || support === 'denied'}
        onChange={(on) => void change(on)}
      />
      {support === 'denied' ? <PushNote>{t('push.denied')}</PushNote> : null}
      {others > 0 ? <p className="text-sm text-muted-foreground">{t('push.otherDevices', { count: others })}</p> : null}
    </div>
  );
}

/** Why this device cannot be turned on, said where the switch would be, and announced when it appears. */
function PushNote({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {children}
    </p>
  );
}
