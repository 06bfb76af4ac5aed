import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { usePersistedFlag } from '@/lib/use-persisted-flag';

const ACCEPTED_KEY = 'cookie-consent';

/**
 * The cookie notice (spec 000 §4): shown until Accept, which is remembered in this browser. Faxline stores only what
 * it needs to work (the session cookie, the language, these choices), so there is nothing to refuse. It sits at the
 * bottom left, leaving the chat button at the bottom right uncovered.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = usePersistedFlag(ACCEPTED_KEY);
  if (accepted) return null;

  return (
    <section
      aria-label={t('cookies.label')}
      className="fixed bottom-4 left-4 right-20 z-40 flex flex-col gap-3 rounded-lg border bg-background p-4 text-sm shadow-lg sm:right-auto sm:max-w-md"
    >
      <p>
        {t('cookies.text')}{' '}
        <Link to={paths.privacyPolicy.getHref()} className="font-medium text-primary underline underline-offset-2">
          {t('cookies.policy')}
        </Link>
      </p>
      {/* Styled like the shared Button without importing it: the banner is on the first paint, the Button's class
          merging (tailwind-merge) need not be. */}
      <button
        type="button"
        onClick={() => setAccepted(true)}
        className="h-9 self-end rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground outline-hidden hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {t('cookies.accept')}
      </button>
    </section>
  );
}
