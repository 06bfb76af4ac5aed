import type { TFax } from '@faxline/shared';
import { FAX_SORT_KEYS } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { TSortOrder } from '@/components/ui/sort-header';

import type { TSortKey, TSortState } from '../utils/sort-state';

import { useFaxListLabels } from './fax-table';

type TFaxSortFieldsProps = {
  direction: TFax['direction'];
  sort: TSortState;
  onChange: (sort: TSortState) => void;
};

/** The cards' sort (a phone has no column headers to click): the same keys and orders as the table's. */
export function FaxSortFields({ direction, sort, onChange }: TFaxSortFieldsProps) {
  const { t } = useTranslation('faxes');
  const { columnLabels } = useFaxListLabels(direction, sort);
  const id = useId();

  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={`${id}-key`}>{t('history.sortBy')}</Label>
        <NativeSelect id={`${id}-key`} value={sort.key} onChange={(event) => onChange({ ...sort, key: event.target.value as TSortKey })}>
          {FAX_SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {columnLabels[key]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={`${id}-order`}>{t('history.sortOrder')}</Label>
        <NativeSelect
          id={`${id}-order`}
          value={sort.order}
          onChange={(event) => onChange({ ...sort, order: event.target.value as TSortOrder })}
        >
          <option value="desc">{t('history.sortDescending')}</option>
          <option value="asc">{t('history.sortAscending')}</option>
        </NativeSelect>
      </div>
    </div>
  );
}
