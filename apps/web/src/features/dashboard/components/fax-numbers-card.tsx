import { NUMBER_TYPES, type TFaxNumbersResponse } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { PhoneIcon } from '@/components/ui/icons';

import { formatFaxNumber } from '../utils/fax-party';

import { CardFailed, CardLoading, DashboardCard } from './dashboard-card';

type TFaxNumber = TFaxNumbersResponse['numbers'][number];

type TFaxNumbersCardProps = {
  /** Undefined while loading. */
  numbers: readonly TFaxNumber[] | undefined;
  failed: boolean;
  onRetry: () => void;
};

const isNumberType = (value: string): value is (typeof NUMBER_TYPES)[number] => (NUMBER_TYPES as readonly string[]).includes(value);

/** The account's fax numbers: where its faxes arrive, and the From numbers it sends with. */
export function FaxNumbersCard({ numbers, failed, onRetry }: TFaxNumbersCardProps) {
  const { t } = useTranslation('user');
  return (
    <DashboardCard title={t('dashboard.numbers.title')}>
      {failed ? <CardFailed message={t('dashboard.numbers.failed')} onRetry={onRetry} /> : null}
      {!failed && !numbers ? <CardLoading>{t('dashboard.numbers.loading')}</CardLoading> : null}
      {!failed && numbers?.length === 0 ? <p className="text-muted-foreground">{t('dashboard.numbers.empty')}</p> : null}
      {!failed && numbers && numbers.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {numbers.map((number) => (
            <FaxNumber key={number.id} number={number} />
          ))}
        </ul>
      ) : null}
    </DashboardCard>
  );
}

function FaxNumber({ number }: { number: TFaxNumber }) {
  const { t, i18n } = useTranslation('user');
  const type = isNumberType(number.numberType) ? t(`dashboard.numbers.types.${number.numberType}`) : number.numberType;
  const country = number.countryCode ? regionName(number.countryCode, i18n.language) : null;
  return (
    <li className="flex items-center gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
        <PhoneIcon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="font-medium tabular-nums">{formatFaxNumber(number.phoneNumber)}</span>
        <span className="text-xs text-muted-foreground">{country ? `${type} · ${country}` : type}</span>
      </span>
    </li>
  );
}

/** "United States", "Estados Unidos": a region code named in the active language; the code itself if unknown. */
function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames(language, { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
