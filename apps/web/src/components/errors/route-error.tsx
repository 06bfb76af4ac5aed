import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Shown instead of a page that failed to render or to load (a stale chunk after a deploy, for example).
 * Stays in the main bundle so it works when chunks do not.
 */
export function RouteError() {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('unexpected.title'));

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{t('unexpected.title')}</h1>
      <p className="text-muted-foreground">{t('unexpected.description')}</p>
      {/* A plain button: the Button component would pull its styling helpers into the first download. */}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground outline-hidden hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {t('unexpected.reload')}
      </button>
    </section>
  );
}
