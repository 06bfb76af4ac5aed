import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { usePersistedFlag } from '@/lib/use-persisted-flag';

// Named after the offer, so that a later announcement shows again to those who dismissed this one.
const DISMISSED_KEY = 'announcement-dismissed:annual-50';

/**
 * The dismissible announcement bar (spec 000 §2, §4). The offer is a link to /fax-plans; the dismiss button beside it
 * is a separate control, and only it hides the bar (for good, in this browser).
 */
export function AnnouncementBar() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = usePersistedFlag(DISMISSED_KEY);
  if (dismissed) return null;

  return (
    <aside aria-label={t('announcement.label')} className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-1.5 sm:px-4">
        <Link
          to={paths.faxPlans.getHref()}
          className="flex-1 rounded-sm py-1 text-center text-sm outline-hidden hover:underline focus-visible:ring-2 focus-visible:ring-primary-foreground"
        >
          <span className="font-semibold">{t('announcement.text')}</span>{' '}
          <span className="underline underline-offset-2">{t('announcement.cta')}</span>
        </Link>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          aria-label={t('announcement.dismiss')}
          className="grid size-8 shrink-0 place-items-center rounded-md outline-hidden hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-primary-foreground"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </aside>
  );
}
