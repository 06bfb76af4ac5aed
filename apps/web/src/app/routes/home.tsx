import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '@/lib/use-document-title';

// A placeholder until the landing page (spec 000 §2 "/") is built; it claims nothing that does not exist yet.
export default function HomeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));

  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <div className="flex max-w-3xl flex-col gap-6">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('home.heading')}</h1>
        <p className="text-lg text-muted-foreground">{t('home.intro')}</p>
        <p className="rounded-lg border border-l-4 border-l-primary bg-accent px-4 py-3 text-accent-foreground">{t('home.status')}</p>
      </div>
    </section>
  );
}
