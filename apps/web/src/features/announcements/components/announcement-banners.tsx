import type { TActiveAnnouncement } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { BellIcon, XIcon } from '@/components/ui/icons';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { useBannerAnnouncements, useDismissAnnouncement } from '../api/banner-announcements';

/** Each kind's band: an incident stands out most, a maintenance warns, a change to the terms informs. */
const KIND_CLASS = {
  incident: 'border-destructive/40 bg-destructive/10',
  maintenance: 'border-amber-400 bg-amber-50 text-amber-950',
  terms: 'border-primary/30 bg-primary/5',
} as const;

function Banner({ announcement }: { announcement: TActiveAnnouncement }) {
  const { t } = useTranslation('announcements');
  const dates = useDateFormat();
  const dismiss = useDismissAnnouncement();
  const onDismiss = () =>
    dismiss.mutate(announcement.id, {
      onError: () => toast({ title: t('dismissFailed'), variant: 'destructive' }),
    });
  return (
    <section
      aria-labelledby={`announcement-${announcement.id}`}
      lang={announcement.language}
      data-announcement-kind={announcement.kind}
      className={`flex gap-3 border-b px-4 py-3 md:px-6 ${KIND_CLASS[announcement.kind]}`}
    >
      <BellIcon className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">
        {/* Not a heading: it sits above the page's own h1. */}
        <p id={`announcement-${announcement.id}`} className="font-semibold">
          {t(`kinds.${announcement.kind}`)}: {announcement.title}
        </p>
        <p className="whitespace-pre-line">{announcement.body}</p>
        <p className="text-sm opacity-80">{t('until', { date: dates.dateTime(announcement.endsAt) })}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        disabled={dismiss.isPending}
        aria-label={t('dismiss', { title: announcement.title })}
        className="grid size-9 shrink-0 place-items-center rounded-md outline-hidden hover:bg-black/5 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon className="size-4" />
      </button>
    </section>
  );
}

/**
 * The back office's announcements above every /user page (decision 118), until the person dismisses each one or it
 * comes down at its end. In the person's language when the admin wrote it; the `lang` says when it is English instead.
 */
export function AnnouncementBanners() {
  const { t } = useTranslation('announcements');
  const announcements = useBannerAnnouncements().data?.announcements ?? [];
  if (announcements.length === 0) return null;
  return (
    <div role="region" aria-label={t('regionLabel')}>
      {announcements.map((announcement) => (
        <Banner key={announcement.id} announcement={announcement} />
      ))}
    </div>
  );
}
