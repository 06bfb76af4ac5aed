import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

type TPageHeaderProps = {
  title: ReactNode;
  intro?: ReactNode;
  /** Buttons or links under the introduction. */
  children?: ReactNode;
  className?: string;
};

/** The top of a public page: its only h1, a short introduction and optional calls to action. */
export function PageHeader({ title, intro, children, className }: TPageHeaderProps) {
  return (
    <div className={cn('border-b bg-accent/60', className)}>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-12 sm:py-16">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {intro ? <p className="max-w-3xl text-lg text-muted-foreground">{intro}</p> : null}
        {children ? <div className="flex flex-wrap gap-3 pt-2">{children}</div> : null}
      </div>
    </div>
  );
}
