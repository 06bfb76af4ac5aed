import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type TDashboardCardProps = {
  title: string;
  children: ReactNode;
  /** A link or button beside the title. */
  action?: ReactNode;
  className?: string;
};

/** A titled panel of the dashboard; its heading names the region. */
export function DashboardCard({ title, children, action, className }: TDashboardCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex min-w-0 flex-col gap-4 rounded-lg border bg-background p-6 shadow-sm', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A card's content while it loads; a live region, so screen readers hear it too. */
export function CardLoading({ children }: { children: string }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** A card's content when its data could not be loaded, with a way to ask again. */
export function CardFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('user');
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-destructive">{message}</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {t('dashboard.retry')}
      </Button>
    </div>
  );
}
