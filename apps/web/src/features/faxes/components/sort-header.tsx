import { cn } from '@/lib/utils';

import { ariaSortOf, type TSortKey, type TSortState } from '../utils/sort-state';

import { SortAscIcon, SortDescIcon, SortIcon } from './fax-icons';

type TSortHeaderProps = { label: string; sortKey: TSortKey; sort: TSortState; onSort: (key: TSortKey) => void; className?: string };

/** A sortable column header: a button inside the <th>, whose aria-sort says how the table is sorted now. */
export function SortHeader({ label, sortKey, sort, onSort, className }: TSortHeaderProps) {
  const ariaSort = ariaSortOf(sort, sortKey);
  const Icon = ariaSort === 'ascending' ? SortAscIcon : ariaSort === 'descending' ? SortDescIcon : SortIcon;
  return (
    <th scope="col" aria-sort={ariaSort} className={cn('px-3 py-2 text-left font-medium', className)}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon className={cn('size-4', !ariaSort && 'text-muted-foreground')} />
      </button>
    </th>
  );
}
