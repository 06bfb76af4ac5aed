import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

type TScrollTableProps = {
  /** The table's name, for the region (and its caption when `captioned`). */
  label: string;
  /** Screen readers also read the name as the table's caption. */
  captioned?: boolean;
  /** More classes for the region (a background, `relative` for an overlay). */
  className?: string;
  /** The table's classes: at least its minimum width, below which the region scrolls. */
  tableClassName: string;
  /** The table's head and body. */
  children: ReactNode;
};

/**
 * A wide table on a phone: it scrolls sideways inside a named region that can take focus, so that keyboard users can
 * scroll it too (WCAG 2.1.1). The back office's lists and the fax history use it.
 */
export function ScrollTable({ label, captioned = false, className, tableClassName, children }: TScrollTableProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('overflow-x-auto rounded-lg border outline-hidden focus-visible:ring-2 focus-visible:ring-ring', className)}
    >
      <table className={cn('w-full text-sm', tableClassName)}>
        {captioned ? <caption className="sr-only">{label}</caption> : null}
        {children}
      </table>
    </div>
  );
}
