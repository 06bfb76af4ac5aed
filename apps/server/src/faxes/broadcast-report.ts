import type { TLanguage } from '@faxline/shared';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../platform/db/client';
import { guardFormula } from '../platform/csv-cells';
import { translator } from '../platform/i18n/i18n';
import { accessibleBroadcast, latestFaxesOf } from './broadcast-view';
import type { FaxActor } from './fax-access';

/**
 * A broadcast's report as a CSV file (decision 111): one row per recipient with its latest fax's status and reason in
 * the reader's language, its pages and how many times it was sent; every cell guarded against spreadsheet formulas,
 * with a byte order mark so that spreadsheets read accents as UTF-8.
 */
export async function broadcastReport(db: Database, actor: FaxActor, id: string, language: TLanguage): Promise<string> {
  const broadcast = await accessibleBroadcast(db, actor, id);
  const t = translator(language);
  const header = ['number', 'name', 'status', 'reason', 'pages', 'sends', 'updated', 'fax'] as const;
  const rows = (await latestFaxesOf(db, broadcast.id)).map(({ fax, sends }) =>
    [
      fax.toNumber,
      fax.recipientName ?? '',
      t(`faxStatuses.${fax.status as 'failed'}`),
      fax.failureMessage ?? (fax.retryReason ? t(`failureReasons.${fax.retryReason}`) : ''),
      String(fax.pagesSent ?? fax.pages ?? ''),
      String(sends),
      fax.updatedAt.toISOString(),
      fax.id,
    ].map(guardFormula),
  );
  return `\uFEFF${stringify([header.map((key) => t(`broadcastReport.${key}`)), ...rows], { record_delimiter: 'windows' })}`;
}
