import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BroadcastList } from '@/features/broadcasts/components/broadcast-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/broadcasts: the member's broadcasts (decision 111), and the way to a new one. */
export default function BroadcastsRoute() {
  const { t } = useTranslation('broadcasts');
  useDocumentTitle(t('list.title'));
  return (
    <section className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('list.title')}</h1>
        <p className="text-muted-foreground">{t('list.intro')}</p>
        <div className="pt-2">
          <Button asChild>
            <Link to={paths.user.newBroadcast.getHref()}>{t('list.new')}</Link>
          </Button>
        </div>
      </div>
      <BroadcastList />
    </section>
  );
}
