import type { TAdminAnnouncement } from '@faxline/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { useAdminAnnouncements } from '../api/announcements';

import { AnnouncementForm } from './announcement-form';
import { AnnouncementRecord } from './announcement-record';

function AnnouncementItem({ announcement }: { announcement: TAdminAnnouncement }) {
  const { t } = useTranslation('admin-announcements');
  const dates = useDateFormat();
  const [open, setOpen] = useState(false);
  const recordId = useId();
  const { counts } = announcement;
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4" data-announcement={announcement.id}>
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{announcement.texts.en.title}</p>
        <p className="text-sm">
          {t('summary', {
            kind: t(`form.kinds.${announcement.kind}`),
            audience: announcement.planName ? t('planAudience', { plan: announcement.planName }) : t('everyone'),
            sentAt: dates.dateTime(announcement.sentAt),
            by: announcement.sentBy ?? t('someone'),
            endsAt: dates.dateTime(announcement.endsAt),
          })}
        </p>
        <p className="text-sm text-muted-foreground" role="status">
          {announcement.recipients === null
            ? t('listing')
            : t('counts', {
                count: announcement.recipients,
                emailed: counts.emailed,
                declined: counts.declined,
                unreachable: counts.unreachable,
                dismissed: announcement.dismissals,
              })}
        </p>
      </div>
      <div>
        <Button type="button" variant="outline" aria-expanded={open} aria-controls={recordId} onClick={() => setOpen(!open)}>
          {open ? t('hideRecord') : t('showRecord')}
        </Button>
      </div>
      <div id={recordId} hidden={!open}>
        {open ? <AnnouncementRecord announcement={announcement} /> : null}
      </div>
    </li>
  );
}

/** /admin/announcements (decision 118): send a notice, and see each one's record of who was sent what. */
export function AnnouncementsAdmin() {
  const { t } = useTranslation('admin-announcements');
  const list = useAdminAnnouncements();

  const items = () => {
    if (list.isPending)
      return (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      );
    if (list.isError)
      return (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{list.error instanceof ApiError ? list.error.message : t('unknownError')}</p>
          <Button type="button" variant="outline" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      );
    if (list.data.announcements.length === 0) return <p>{t('empty')}</p>;
    return (
      <ul className="flex flex-col gap-3" aria-label={t('listLabel')}>
        {list.data.announcements.map((announcement) => (
          <AnnouncementItem key={announcement.id} announcement={announcement} />
        ))}
      </ul>
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <AnnouncementForm />
      <section aria-labelledby="announcements-list" className="flex flex-col gap-4">
        <h2 id="announcements-list" className="text-xl font-bold">
          {t('listHeading')}
        </h2>
        {items()}
      </section>
    </div>
  );
}
