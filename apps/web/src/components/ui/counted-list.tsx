import { useId, type ReactNode, type Ref } from 'react';

type TCountedListProps = {
  title: ReactNode;
  /** How many there are of how many allowed, beside the title. */
  count: ReactNode;
  /** Said instead of the list when it has nothing. */
  empty: ReactNode;
  isEmpty: boolean;
  /** The heading, which takes focus when the item that had it is gone. */
  headingRef: Ref<HTMLHeadingElement>;
  listClassName: string;
  /** The list's items (li). */
  children: ReactNode;
};

/** A list of what an account holds up to a limit: its heading with the count, then the items or a word that there are none. */
export function CountedList({ title, count, empty, isEmpty, headingRef, listClassName, children }: TCountedListProps) {
  const headingId = useId();
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-hidden">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{count}</p>
      </div>
      {isEmpty ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId} className={listClassName}>
          {children}
        </ul>
      )}
    </>
  );
}
