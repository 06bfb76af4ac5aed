import type { TAdminUserSortDirection, TAdminUserSortKey } from '@faxline/shared';

import { cn } from '@/lib/utils';

type TSortHeaderProps = {
  label: string;
  sortKey: TAdminUserSortKey;
  sort: TAdminUserSortKey;
  direction: TAdminUserSortDirection;
  onSort: (key: TAdminUserSortKey) => void;
};

/** A sortable column header: a button inside the <th>, whose aria-sort says how the table is sorted now. */
export function SortHeader({ label, sortKey, sort, direction, onSort }: TSortHeaderProps) {
  const active = sort === sortKey;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className="px-3 py-2 text-left font-medium"
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 whitespace-nowrap outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className={cn('size-4', !active && 'text-muted-foreground')}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {!active ? <path d="m7 15 5 5 5-5M7 9l5-5 5 5" /> : direction === 'asc' ? <path d="m7 14 5-5 5 5" /> : <path d="m7 10 5 5 5-5" />}
        </svg>
      </button>
    </th>
  );
}
