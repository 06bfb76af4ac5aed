import type { ReactNode, Ref } from 'react';

import { cn } from '@/lib/utils';

export type TChecklistItem<T extends string | number> = { value: T; label: ReactNode; hint?: ReactNode };

type TChecklistProps<T extends string | number> = {
  /** Prefixes every id of the list. */
  id: string;
  legend: ReactNode;
  /** Read out with the group (aria-describedby). */
  hint?: ReactNode;
  items: readonly TChecklistItem<T>[];
  chosen: readonly T[];
  onToggle: (value: T, on: boolean) => void;
  /** Said instead of the boxes when there is nothing to choose. */
  empty?: ReactNode;
  /** The group's problem, under it and read out with it. */
  problem?: ReactNode;
  /** The first box, for a problem or a new condition to move focus to. */
  firstRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** Boxes side by side (weekdays) instead of a grid of cards. */
  inline?: boolean;
};

/** A fieldset of checkboxes, one per choice, each with its label (and a hint under it). */
export function Checklist<T extends string | number>({
  id,
  legend,
  hint,
  items,
  chosen,
  onToggle,
  empty,
  problem,
  firstRef,
  disabled,
  inline = false,
}: TChecklistProps<T>) {
  const hintId = hint ? `${id}-hint` : null;
  const problemId = problem ? `${id}-problem` : null;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset id={id} className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy} aria-invalid={problem ? true : undefined}>
      <legend className="mb-1 text-sm leading-none font-medium">{legend}</legend>
      {hint ? (
        <p id={hintId ?? undefined} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className={cn(inline ? 'flex flex-wrap gap-x-4 gap-y-2' : 'grid gap-2 sm:grid-cols-2')}>
          {items.map((item, index) => {
            const inputId = `${id}-${String(item.value).replace(/[^\w-]/g, '')}`;
            return (
              <li key={item.value} className={cn('flex items-start gap-2', !inline && 'rounded-md border p-2')}>
                <input
                  ref={index === 0 ? firstRef : undefined}
                  id={inputId}
                  type="checkbox"
                  checked={chosen.includes(item.value)}
                  onChange={(event) => onToggle(item.value, event.target.checked)}
                  disabled={disabled}
                  aria-describedby={item.hint ? `${inputId}-hint` : undefined}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <div className="flex min-w-0 flex-col gap-0.5">
                  <label htmlFor={inputId} className="text-sm leading-tight break-words">
                    {item.label}
                  </label>
                  {item.hint ? (
                    <span id={`${inputId}-hint`} className="text-xs text-muted-foreground">
                      {item.hint}
                    </span>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {problem ? (
        <p id={problemId ?? undefined} className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
