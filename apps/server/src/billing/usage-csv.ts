import { stringify } from 'csv-stringify/sync';
import type { TFaxDirection, TUsageLedgerKind } from '@faxline/shared';
import { guardFormula } from '../platform/csv-cells';

/** One ledger line as the CSV shows it: `at` already written in the account's time zone. */
export type UsageCsvLine = {
  at: string;
  faxId: string;
  direction: TFaxDirection;
  otherNumber: string | null;
  pages: number;
  kind: TUsageLedgerKind;
  rateCents: number;
  currency: string;
};

/** The words of the file, in the reader's language. */
export type UsageCsvWords = {
  columns: [
    date: string,
    fax: string,
    direction: string,
    number: string,
    pages: string,
    kind: string,
    rate: string,
    amount: string,
    currency: string,
  ];
  directions: Record<TFaxDirection, string>;
  kinds: Record<TUsageLedgerKind, string>;
  total: string;
};

/** Cents as a decimal amount with a point ("12.05"), the way spreadsheets in every language read a CSV number. */
export const decimalOfCents = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * The usage ledger of a period as a CSV file (decision 086): a header, one row per ledger line, and a total row per
 * currency (pages and amount), so that the file adds up to what is billed. Quoted where a cell needs it (RFC 4180),
 * every text cell guarded against spreadsheet formulas, with a byte order mark so that spreadsheets read UTF-8.
 */
export function writeUsageCsv(lines: UsageCsvLine[], words: UsageCsvWords): string {
  const rows = lines.map((line) => [
    line.at,
    line.faxId,
    words.directions[line.direction],
    guardFormula(line.otherNumber ?? ''),
    String(line.pages),
    words.kinds[line.kind],
    decimalOfCents(line.rateCents),
    decimalOfCents(line.pages * line.rateCents),
    line.currency,
  ]);
  const totals = new Map<string, { pages: number; cents: number }>();
  for (const line of lines) {
    const sum = totals.get(line.currency) ?? { pages: 0, cents: 0 };
    // The pages faxed: an international line prices pages its fax's other line counts already (decision 096).
    const pages = line.kind === 'international' ? 0 : line.pages;
    totals.set(line.currency, { pages: sum.pages + pages, cents: sum.cents + line.pages * line.rateCents });
  }
  if (totals.size === 0) totals.set('', { pages: 0, cents: 0 });
  const totalRows = [...totals].map(([currency, sum]) => [
    words.total,
    '',
    '',
    '',
    String(sum.pages),
    '',
    '',
    decimalOfCents(sum.cents),
    currency,
  ]);
  return `\uFEFF${stringify([words.columns.map(guardFormula), ...rows, ...totalRows], { record_delimiter: '\r\n' })}`;
}
