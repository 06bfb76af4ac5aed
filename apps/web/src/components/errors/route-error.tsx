import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
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
      <Button type="button" onClick={() => window.location.reload()}>
        {t('unexpected.reload')}
      </Button>
    </section>
  );
}
