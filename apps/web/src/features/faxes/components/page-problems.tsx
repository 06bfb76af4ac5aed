import type { TFaxDetails } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useRequestPages } from '../api/request-pages';
import { formatNumber } from '../utils/format';

/**
 * The received pages that may need sending again (blank, cut off, unreadable), found when the fax was read, and the
 * one-click answer: a fax back to the sender asking for them (decision 101). Shows the new fax once it is accepted.
 */
export function PageProblems({ fax, onShow }: { fax: TFaxDetails; onShow: (id: string) => void }) {
  const { t, i18n } = useTranslation(['faxes', 'errors']);
  const request = useRequestPages();
  const pages = fax.pageProblems.map((problem) => problem.page);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(pages.map(String));
  const count = pages.length;

  const ask = async () => {
    try {
      const sent = await request.mutateAsync({ id: fax.id, pages });
      toast({
        title: t('details.pageProblems.sentTitle'),
        description: t('details.pageProblems.sentDescription', { count, pages: list, number: formatNumber(fax.fromNumber, '') }),
      });
      onShow(sent.faxId);
    } catch (error) {
      toast({
        title: t('details.pageProblems.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section
      aria-labelledby={`page-problems-${fax.id}`}
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <h3 id={`page-problems-${fax.id}`} className="font-medium">
        {t('details.pageProblems.title', { count })}
      </h3>
      <ul className="list-disc pl-5">
        {fax.pageProblems.map((problem) => (
          <li key={problem.page}>{t(`details.pageProblems.${problem.problem}`, { page: problem.page })}</li>
        ))}
      </ul>
      {fax.fromNumber ? (
        <Button type="button" variant="outline" className="self-start" disabled={request.isPending} onClick={() => void ask()}>
          {request.isPending ? t('details.pageProblems.asking') : t('details.pageProblems.ask', { count, pages: list })}
        </Button>
      ) : (
        <p className="text-muted-foreground">{t('details.pageProblems.noNumber')}</p>
      )}
    </section>
  );
}
