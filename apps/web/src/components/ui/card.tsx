import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

/** A bordered panel for plans, reviews, tools and the like. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col rounded-lg border bg-background p-6 shadow-sm', className)} {...props} />;
}
