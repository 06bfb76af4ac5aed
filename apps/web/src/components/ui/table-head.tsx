import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

/**
 * One header style for every data table: sentence-case labels in the body's size and colour on a muted band,
 * never upper-case, so that a table reads the same in any section and in any language. SortHeader uses it too.
 */
export const HEADER_CELL_CLASS = 'px-3 py-2 text-left font-medium whitespace-nowrap';

/** A table's head row band. `className` adds to it (`sticky top-0` for a table that scrolls inside a box). */
export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b bg-muted/60', className)} {...props} />;
}

/** A column's header cell; `className` adds to it (`text-right` for numbers and actions). */
export function HeaderCell({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn(HEADER_CELL_CLASS, className)} {...props} />;
}
