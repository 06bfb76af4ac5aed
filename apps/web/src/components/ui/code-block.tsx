import { useId } from 'react';

import { cn } from '@/lib/utils';

type TCodeBlockProps = {
  /** Names the sample for screen readers and shows above it ("Request", "Response 202"). */
  label: string;
  code: string;
  className?: string;
};

/**
 * A code sample: a named region that keyboard users can focus and scroll sideways (long lines are not wrapped, so
 * that commands stay copyable). The code itself is never translated.
 */
export function CodeBlock({ label, code, className }: TCodeBlockProps) {
  const labelId = useId();
  return (
    <figure className={cn('flex min-w-0 flex-col gap-1', className)}>
      <figcaption id={labelId} className="text-sm font-medium text-muted-foreground">
        {label}
      </figcaption>
      <div
        role="region"
        aria-labelledby={labelId}
        tabIndex={0}
        className="overflow-x-auto rounded-lg bg-zinc-900 p-4 text-zinc-100 outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <pre className="font-mono text-sm leading-relaxed" translate="no">
          <code>{code}</code>
        </pre>
      </div>
    </figure>
  );
}
