import { useTranslation } from 'react-i18next';

import { LineProfileLookup } from '@/features/admin-line-profiles/components/line-profile-lookup';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/line-profiles (decision 120): the line settings learned per destination, looked up and reset. */
export default function AdminLineProfilesRoute() {
  const { t } = useTranslation('admin-line-profiles');
  useDocumentTitle(t('title'));

  return (
    <section className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('intro')}</p>
      </div>
      <LineProfileLookup />
    </section>
  );
}
