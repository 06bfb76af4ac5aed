import type { TDeliveryFigures, TDeliveryWindow, TFaxLine } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ScrollTable } from '@/components/ui/scroll-table';

import { count, formatRatio, formatShare, waitPair } from '../utils/format-figures';

type TLineFiguresProps = { window: TDeliveryWindow; lines: (TDeliveryFigures & { line: TFaxLine })[] };

/** One row per line that carried faxes in the period; on a phone the table scrolls sideways in its own region. */
export function LineFigures({ window, lines }: TLineFiguresProps) {
  const { t, i18n } = useTranslation('delivery-record');
  const language = i18n.language;
  const none = t('figures.noValue');
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground';
  const cell = 'px-3 py-2';

  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold">{t('lines.heading')}</h3>
      <ScrollTable label={t('lines.table', { window: t(`windows.${window}`) })} captioned tableClassName="min-w-[44rem]">
        <thead className="border-b bg-muted/50">
          <tr>
            <th scope="col" className={head}>
              {t('lines.columns.line')}
            </th>
            <th scope="col" className={head}>
              {t('lines.columns.faxes')}
            </th>
            <th scope="col" className={head}>
              {t('lines.columns.firstTry')}
            </th>
            <th scope="col" className={head}>
              {t('lines.columns.attempts')}
            </th>
            <th scope="col" className={head}>
              {t('lines.columns.dialling')}
            </th>
            <th scope="col" className={head}>
              {t('lines.columns.delivered')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.line} className="border-b last:border-b-0">
              <th scope="row" className={`${cell} text-left font-medium`}>
                {t(`lines.names.${line.line}`)}
              </th>
              <td className={cell}>{count(line.faxes, language)}</td>
              <td className={cell}>{formatShare(line.firstTryShare, language) ?? none}</td>
              <td className={cell}>{formatRatio(line.attemptsPerDelivered, language) ?? none}</td>
              <td className={cell}>{waitPair(line.acceptedToDialling, language, none)}</td>
              <td className={cell}>{waitPair(line.acceptedToDelivered, language, none)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}
