import type { TStatusIncident } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { useDateFormat } from '@/lib/use-date-format';

/** The back office's incident and maintenance notices of the last 30 days, newest first, each with its state. */
export function StatusIncidents({ incidents }: { incidents: TStatusIncident[] }) {
  const { t } = useTranslation('delivery-record');
  const { dateTime } = useDateFormat();
  if (incidents.length === 0) return <p className="text-muted-foreground">{t('incidents.empty')}</p>;

  return (
    <ul className="flex flex-col gap-4">
      {incidents.map((incident) => (
        <li key={incident.id} className="flex flex-col gap-2 rounded-lg border bg-background p-4" lang={incident.language}>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={incident.kind === 'incident' ? 'default' : 'accent'}>{t(`incidents.kinds.${incident.kind}`)}</Badge>
            <Badge variant={incident.state === 'ongoing' ? 'default' : 'success'}>{t(`incidents.states.${incident.state}`)}</Badge>
          </div>
          <h3 className="text-lg font-semibold">{incident.title}</h3>
          <p className="text-sm text-muted-foreground">
            {t('incidents.started', { time: dateTime(incident.startedAt) })}
            {' · '}
            {t(incident.state === 'ongoing' ? 'incidents.until' : 'incidents.ended', { time: dateTime(incident.endsAt) })}
          </p>
          <p className="whitespace-pre-line">{incident.body}</p>
        </li>
      ))}
    </ul>
  );
}
