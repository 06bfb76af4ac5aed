import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { paths } from '@/config/paths';
import { BroadcastView } from '@/features/broadcasts/components/broadcast-view';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/broadcasts/:id: one broadcast and each recipient's status, live (decision 111). */
export default function BroadcastRoute() {
  const { t } = useTranslation('broadcasts');
  const { id = '' } = useParams();
  useDocumentTitle(t('view.title'));
  return (
    <section className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-6 px-4 py-10">
      <Link to={paths.user.broadcasts.getHref()} className="text-sm underline-offset-4 hover:underline">
        {t('view.back')}
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{t('view.title')}</h1>
      <BroadcastView id={id} />
    </section>
  );
}
