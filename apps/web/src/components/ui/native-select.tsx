import type { ComponentProps, ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { Label } from './label';

/** The browser's own select, styled like Input: keyboard, screen readers and phones handle it natively. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** One option per value, each worded by `labelOf` (the values' own order). */
export function SelectOptions<TValue extends string>({
  values,
  labelOf,
}: {
  values: readonly TValue[];
  labelOf: (value: TValue) => ReactNode;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labelOf(value)}
    </option>
  ));
}

type TSelectFieldProps = ComponentProps<'select'> & { id: string; label: ReactNode; fieldClassName?: string };

/** A labelled select: the visible label above the browser's own select, bound to it. */
export function SelectField({ id, label, fieldClassName, ...props }: TSelectFieldProps) {
  return (
    <div className={cn('flex flex-col gap-2', fieldClassName)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} {...props} />
    </div>
  );
}
