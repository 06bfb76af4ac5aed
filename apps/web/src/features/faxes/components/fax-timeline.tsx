import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { useFaxTimeline } from '../api/get-fax-timeline';
import { timelineSentence, type TTimelineNames } from '../utils/timeline';

/** What was done to the fax, oldest first, each line dated: from its audit rows (decision 103). */
export function FaxTimeline({ faxId, names, headingId }: { faxId: string; names: TTimelineNames; headingId: string }) {
  const { t, i18n } = useTranslation('faxes');
  const dates = useDateFormat();
  const timeline = useFaxTimeline(faxId);
  // The server names what its entries name by id (a past inbox or assignee this page has no list of).
  const known = withNames(names, timeline.data?.names ?? {});

  const body = () => {
    if (timeline.isPending)
      return (
        <p role="status" className="text-muted-foreground">
          {t('timeline.loading')}
        </p>
      );
    if (timeline.isError) {
      return (
        <p role="alert" className="text-destructive">
          {timeline.error instanceof ApiError ? timeline.error.message : t('timeline.loadFailed')}
        </p>
      );
    }
    if (timeline.data.entries.length === 0) return <p className="text-muted-foreground">{t('timeline.empty')}</p>;
    return (
      <ol aria-labelledby={headingId} className="flex flex-col gap-2">
        {timeline.data.entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="flex flex-col sm:flex-row sm:gap-3">
            <time dateTime={entry.at} className="shrink-0 text-muted-foreground tabular-nums">
              {dates.dateTime(entry.at)}
            </time>
            <span className="min-w-0 break-words">{timelineSentence(entry, t, i18n.language, known)}</span>
          </li>
        ))}
      </ol>
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <h4 id={headingId} className="font-medium">
        {t('timeline.title')}
      </h4>
      {body()}
    </div>
  );
}

/** The page's names, completed by the timeline's own (ids of inboxes and of people never collide). */
function withNames(names: TTimelineNames, fromServer: Record<string, string>): TTimelineNames {
  const extra = Object.entries(fromServer);
  return { inboxes: new Map([...extra, ...names.inboxes]), people: new Map([...extra, ...names.people]) };
}
