import type { TFaqsResponse } from '@faxline/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

import { Markdown } from '@/components/ui/markdown';

type TFaqListProps = { query: UseQueryResult<TFaqsResponse> };

/**
 * The published FAQs (spec 000 §2 /support), each a disclosure: the question shows, the answer (Markdown written in
 * the back office) opens under it.
 */
export function FaqList({ query }: TFaqListProps) {
  const { t } = useTranslation(['common', 'errors']);

  if (query.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        {t('loading')}
      </p>
    );
  if (query.isError)
    return (
      <div role="alert" className="flex max-w-3xl flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-5">
        <p>{query.error instanceof ApiError ? query.error.message : t('errors:api.unknown')}</p>
        <Button type="button" variant="outline" onClick={() => void query.refetch()}>
          {t('guards.retry')}
        </Button>
      </div>
    );
  if (query.data.faqs.length === 0) return null;

  return (
    <div className="flex max-w-3xl flex-col divide-y rounded-lg border" lang={query.data.language}>
      {query.data.faqs.map((faq) => (
        <details key={faq.id} className="group px-5 py-4">
          <summary className="cursor-pointer font-semibold marker:text-primary">{faq.question}</summary>
          <Markdown headingLevel={3} className="gap-2 pt-3 text-muted-foreground">
            {faq.answer}
          </Markdown>
        </details>
      ))}
    </div>
  );
}
