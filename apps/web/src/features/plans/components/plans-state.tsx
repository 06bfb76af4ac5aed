import type { TPlan } from '@faxline/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { usePlans } from '@/lib/plans/get-plans';

type TPlansStateProps = {
  /** Renders the loaded catalogue. */
  children: (plans: TPlan[]) => ReactNode;
};

/** Loads the catalogue and shows its loading, error and empty states; the children render the plans. */
export function PlansState({ children }: TPlansStateProps) {
  const { t } = useTranslation(['marketing', 'errors']);
  const query = usePlans();

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-muted-foreground">
          {t('plans.loading')}
        </p>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-96 animate-pulse rounded-lg bg-muted motion-reduce:animate-none" />
          ))}
        </div>
      </div>
    );
  }

  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
        <p className="font-semibold">{t('plans.error')}</p>
        {/* The server's own (translated) words when it answered; never a parser's message. */}
        <p className="text-muted-foreground">{query.error instanceof ApiError ? query.error.message : t('errors:api.unknown')}</p>
        <Button type="button" variant="outline" onClick={() => void query.refetch()}>
          {t('plans.retry')}
        </Button>
      </div>
    );
  }

  if (query.data.plans.length === 0) return <p className="text-muted-foreground">{t('plans.empty')}</p>;
  return children(query.data.plans);
}
