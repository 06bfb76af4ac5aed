import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { BandCloseButton } from '@/components/ui/band-close-button';
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
        <BandCloseButton label={t('announcement.dismiss')} onClick={() => setDismissed(true)} />
      </div>
    </aside>
  );
}
