import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

// Any path without a route (spec 000 §2).
export default function NotFoundRoute() {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('notFound.title'));

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild>
        <Link to={paths.home.getHref()}>{t('notFound.backHome')}</Link>
      </Button>
    </section>
  );
}
