import { FAX_LINES, type TFaxLine, type TLineProfile } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

/** The speed each modem starts at, as the next call offers it. */
const MODEM_BIT_RATES = { v17: 14_400, v29: 9_600, v27ter: 4_800 } as const;

/** What was learned of one destination, as a list of terms: where its next call starts, then what its calls showed. */
export function LineProfileDetails({ profile }: { profile: TLineProfile }) {
  const { t, i18n } = useTranslation(['admin-line-profiles', 'admin']);
  const number = (value: number) => value.toLocaleString(i18n.language);
  const rate = (bitRate: number) => t('bitRate', { rate: number(bitRate) });
  const lineName = (line: string) =>
    (FAX_LINES as readonly string[]).includes(line) ? t(`admin:dashboard.lineNames.${line as TFaxLine}`) : line;
  const rows: [string, string][] = [
    [
      t('details.startsWith'),
      t('details.start', {
        modem: t(`modems.${profile.startModem}`),
        rate: rate(MODEM_BIT_RATES[profile.startModem]),
        ecm: t(profile.startEcm ? 'details.ecmOn' : 'details.ecmOff'),
      }),
    ],
    [t('details.ecm'), t(`ecmStates.${profile.ecm}`)],
    [t('details.bestBitRate'), profile.bestBitRate === null ? t('details.none') : rate(profile.bestBitRate)],
    [t('details.trainingFailures'), number(profile.trainingFailures)],
    [t('details.ecmFailures'), number(profile.ecmFailures)],
    [
      t('details.calls'),
      t('details.callCounts', { calls: number(profile.calls), deliveries: number(profile.deliveries), failures: number(profile.failures) }),
    ],
    [t('details.transport'), profile.transport ? t(`transports.${profile.transport}`) : t('details.notSaid')],
    [t('details.lastDeliveredLine'), profile.lastDeliveredLine ? lineName(profile.lastDeliveredLine) : t('details.none')],
    [t('details.updatedAt'), new Date(profile.updatedAt).toLocaleString(i18n.language)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="text-muted-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
