import { useId, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

type TPageSectionProps = {
  /** The anchor a link can point at (/support#faqs); headers above the page are cleared when scrolling to it. */
  id?: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Muted background, to tell consecutive sections apart. */
  tinted?: boolean;
};

/** A page section named by its h2, so that it is a landmark region screen-reader users can jump to. */
export function PageSection({ id, title, intro, children, className, tinted = false }: TPageSectionProps) {
  const generatedId = useId();
  const headingId = `${id ?? generatedId}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-28 outline-hidden', tinted && 'bg-muted', className)}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12">
        <div className="flex max-w-3xl flex-col gap-3">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
          {intro ? <p className="text-lg text-muted-foreground">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
