import type { TAdminNumber } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { HeaderCell, TableHead } from '@/components/ui/table-head';
import { useDateFormat } from '@/lib/use-date-format';
import { useLanguage } from '@/lib/use-language';

import { countryName, displayNumber, isAvailable, isNumberType, quarantinedUntil } from '../utils/number-display';

import { NumberRowActions, OwnerText, type TNumberActions } from './number-parts';

export type TNumberTableKind = 'available' | 'assigned' | 'search';

type TNumberTableProps = TNumberActions & { kind: TNumberTableKind; numbers: readonly TAdminNumber[] };

/**
 * Numbers with their details, their owner where assigned, and the actions their state allows: a table on wide
 * screens, a list of cards on narrow ones (CSS shows one of the two, so assistive technology meets only that one).
 */
export function NumberTable({ kind, numbers, ...actions }: TNumberTableProps) {
  const { t } = useTranslation('admin-catalogue');
  const { language } = useLanguage();
  const dates = useDateFormat();
  const when = (iso: string | null) => (iso ? dates.dateTime(iso) : '');
  const typeOf = (number: TAdminNumber) => (isNumberType(number.numberType) ? t(`numbers.types.${number.numberType}`) : number.numberType);
  const dateOf = (number: TAdminNumber) => when(kind === 'assigned' ? number.assignedAt : number.createdAt);
  const statusBadge = (number: TAdminNumber) =>
    isAvailable(number) ? (
      <Badge variant="success">{t('numbers.status.available')}</Badge>
    ) : (
      <Badge variant="muted">{t('numbers.status.assigned')}</Badge>
    );
  const label = t(`numbers.tableLabel.${kind}`);
  // A number a customer released is available but taken by nobody until its quarantine ends.
  const quarantineBadge = (number: TAdminNumber) => {
    const until = quarantinedUntil(number);
    return until ? <Badge variant="muted">{t('numbers.status.quarantined', { date: dates.date(until) })}</Badge> : null;
  };

  return (
    <>
      <div role="region" aria-label={label} className="hidden rounded-lg border lg:block">
        <table className="w-full text-left text-sm">
          <TableHead>
            <tr>
              <HeaderCell className="px-4">{t('numbers.columns.number')}</HeaderCell>
              <HeaderCell className="px-4">{t('numbers.columns.type')}</HeaderCell>
              {kind !== 'assigned' ? <HeaderCell className="px-4">{t('numbers.columns.provider')}</HeaderCell> : null}
              <HeaderCell className="px-4">{t('numbers.columns.country')}</HeaderCell>
              {kind === 'search' ? <HeaderCell className="px-4">{t('numbers.columns.status')}</HeaderCell> : null}
              {kind !== 'available' ? <HeaderCell className="px-4">{t('numbers.columns.owner')}</HeaderCell> : null}
              {kind !== 'search' ? (
                <HeaderCell className="px-4">
                  {kind === 'assigned' ? t('numbers.columns.assignedAt') : t('numbers.columns.createdAt')}
                </HeaderCell>
              ) : null}
              <HeaderCell className="px-4 text-right">{t('numbers.columns.actions')}</HeaderCell>
            </tr>
          </TableHead>
          <tbody className="divide-y">
            {numbers.map((number) => {
              const shown = displayNumber(number.phoneNumber);
              return (
                <tr key={number.id} className="align-middle">
                  <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap tabular-nums">
                    {shown}
                    {quarantinedUntil(number) ? <> {quarantineBadge(number)}</> : null}
                  </th>
                  <td className="px-4 py-3">{typeOf(number)}</td>
                  {kind !== 'assigned' ? <td className="px-4 py-3">{number.provider}</td> : null}
                  <td className="px-4 py-3">
                    {number.countryCode ? <abbr title={countryName(number.countryCode, language)}>{number.countryCode}</abbr> : null}
                  </td>
                  {kind === 'search' ? <td className="px-4 py-3">{statusBadge(number)}</td> : null}
                  {kind !== 'available' ? (
                    <td className="px-4 py-3">{isAvailable(number) ? null : <OwnerText number={number} />}</td>
                  ) : null}
                  {kind !== 'search' ? <td className="px-4 py-3">{dateOf(number)}</td> : null}
                  <td className="px-4 py-3">
                    <NumberRowActions number={number} shown={shown} {...actions} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul aria-label={label} className="flex flex-col gap-3 lg:hidden">
        {numbers.map((number) => {
          const shown = displayNumber(number.phoneNumber);
          const details = [typeOf(number), number.provider, number.countryCode ? countryName(number.countryCode, language) : null].filter(
            Boolean,
          );
          return (
            <li key={number.id} className="flex flex-col gap-3 rounded-lg border bg-background p-4 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-base font-semibold tabular-nums">{shown}</span>
                {kind === 'search' ? statusBadge(number) : null}
                {quarantineBadge(number)}
              </div>
              <p className="text-muted-foreground">{details.join(' · ')}</p>
              {kind !== 'available' && !isAvailable(number) ? <OwnerText number={number} /> : null}
              {kind !== 'search' ? <p className="text-xs text-muted-foreground">{dateOf(number)}</p> : null}
              <NumberRowActions number={number} shown={shown} {...actions} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
