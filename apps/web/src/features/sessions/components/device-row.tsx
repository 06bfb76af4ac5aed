import type { TDeviceSession } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MonitorIcon, SmartphoneIcon } from '@/components/ui/icons';
import { useDateFormat } from '@/lib/use-date-format';

/** "Firefox 133 on macOS 14.5", in the page's language, for the row and for the buttons' names. */
export function useDeviceName() {
  const { t } = useTranslation('sessions');
  return (session: TDeviceSession) =>
    t('devices.on', { browser: session.browser ?? t('devices.unknownBrowser'), system: session.system ?? t('devices.unknownSystem') });
}

type TDeviceRowProps = { session: TDeviceSession; onEnd?: (session: TDeviceSession) => void };

/** A country's name in the page's language ("Espagne"), from its ISO code. */
function useCountryName() {
  const { i18n } = useTranslation();
  return (code: string) => new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code) ?? code;
}

/**
 * One signed-in device: browser and system, where (the address, whether it is this network or a local one, and a
 * public address's country: decision 109), when it signed in and was last seen, and a button that signs it out.
 */
export function DeviceRow({ session, onEnd }: TDeviceRowProps) {
  const { t } = useTranslation('sessions');
  const format = useDateFormat();
  const name = useDeviceName()(session);
  const countryName = useCountryName();
  const Icon = session.deviceType === 'mobile' || session.deviceType === 'tablet' ? SmartphoneIcon : MonitorIcon;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span>{name}</span>
            {session.current ? <Badge className="bg-emerald-100 text-emerald-800">{t('devices.thisDevice')}</Badge> : null}
          </p>
          <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
            {session.ip ? t(`devices.place.${session.place}`, { ip: session.ip }) : t('devices.noAddress')}
            {session.country ? ` · ${countryName(session.country)}` : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {t('devices.signedInAt', { time: format.dateTime(session.signedInAt) })} ·{' '}
            {t('devices.lastSeen', { time: format.dateTime(session.lastSeenAt) })}
          </p>
        </div>
      </div>
      {onEnd && !session.current ? (
        <Button type="button" variant="outline" size="sm" className="self-start sm:self-center" onClick={() => onEnd(session)}>
          {t('devices.end')}
          <span className="sr-only"> ({name})</span>
        </Button>
      ) : null}
    </li>
  );
}
