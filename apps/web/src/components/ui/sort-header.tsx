import { cn } from '@/lib/utils';

import { ChevronDownIcon, ChevronUpIcon, ChevronsUpDownIcon } from './icons';
import { HEADER_CELL_CLASS } from './table-head';

export type TSortOrder = 'asc' | 'desc';
export type TSort<K extends string> = { key: K; order: TSortOrder };

/** The aria-sort of a column header: only the active column carries one. */
export function ariaSortOf<K extends string>(sort: TSort<K>, key: K): 'ascending' | 'descending' | undefined {
  if (sort.key !== key) return undefined;
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

type TSortHeaderProps<K extends string> = { label: string; sortKey: K; sort: TSort<K>; onSort: (key: K) => void };

/**
 * A sortable column header, the same in every table the server sorts (decision 033): a button inside the <th>, whose
 * aria-sort says how the table is sorted now. What a click does (which way next) is the table's own rule.
 */
export function SortHeader<K extends string>({ label, sortKey, sort, onSort }: TSortHeaderProps<K>) {
  const ariaSort = ariaSortOf(sort, sortKey);
  const Icon = ariaSort === 'ascending' ? ChevronUpIcon : ariaSort === 'descending' ? ChevronDownIcon : ChevronsUpDownIcon;
  return (
    <th scope="col" aria-sort={ariaSort} className={HEADER_CELL_CLASS}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 whitespace-nowrap outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon className={cn('size-4', !ariaSort && 'text-muted-foreground')} />
      </button>
    </th>
  );
}
