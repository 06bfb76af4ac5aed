import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { decimalOfCents, writeUsageCsv, type UsageCsvLine, type UsageCsvWords } from './usage-csv';

const words: UsageCsvWords = {
  columns: ['Date', 'Fax', 'Direction', 'Other party', 'Pages', 'Charge', 'Rate, per page', 'Amount', 'Currency'],
  directions: { outbound: 'Sent', inbound: 'Received' },
  kinds: { included: 'Included in plan', overage: 'Overage', international: 'International' },
  total: 'Total',
};
const line = (overrides: Partial<UsageCsvLine>): UsageCsvLine => ({
  at: '2026-12-01 09:30',
  faxId: '00000000-0000-4000-8000-000000000001',
  direction: 'outbound',
  otherNumber: '+15550100000',
  pages: 3,
  kind: 'included',
  rateCents: 0,
  currency: 'USD',
  ...overrides,
});
const read = (csv: string) => parse(csv, { bom: true }) as string[][];

describe('the usage CSV', () => {
  it('writes a header, a row per ledger line and a total: the pages faxed, and the sum of the amounts', () => {
    const abroad = '00000000-0000-4000-8000-000000000002';
    const csv = writeUsageCsv(
      [
        line({ pages: 3 }),
        line({ pages: 2, kind: 'overage', rateCents: 7 }),
        line({ pages: 4, direction: 'inbound' }),
        // A fax abroad (decision 096): its pages counted once, on its included line, and priced again at the country's rate.
        line({ faxId: abroad, pages: 2, otherNumber: '+442079460958' }),
        line({ faxId: abroad, pages: 2, otherNumber: '+442079460958', kind: 'international', rateCents: 105 }),
      ],
      words,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rest] = read(csv);
    expect(header).toEqual(words.columns);
    const rows = rest.slice(0, -1);
    const total = rest.at(-1)!;
    expect(rows.map((row) => [row[2], row[4], row[5], row[6], row[7]])).toEqual([
      ['Sent', '3', 'Included in plan', '0.00', '0.00'],
      ['Sent', '2', 'Overage', '0.07', '0.14'],
      ['Received', '4', 'Included in plan', '0.00', '0.00'],
      ['Sent', '2', 'Included in plan', '0.00', '0.00'],
      ['Sent', '2', 'International', '1.05', '2.10'],
    ]);
    expect(total).toEqual(['Total', '', '', '', '11', '', '', '2.24', 'USD']);
    const sumOfLines = rows.reduce((sum, row) => sum + Math.round(Number(row[7]) * 100), 0);
    expect(Math.round(Number(total[7]) * 100)).toBe(sumOfLines);
  });

  it('quotes cells with commas, quotes and line breaks, and keeps a spreadsheet from running a formula', () => {
    const csv = writeUsageCsv([line({ otherNumber: '=HYPERLINK("x")' })], words);
    expect(csv).toContain('"Rate, per page"');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    const [, row] = read(csv);
    expect(row![3]).toBe(`'=HYPERLINK("x")`);
    expect(row).toHaveLength(9);
  });

  it('totals each currency on its own line, and an empty period to zero', () => {
    const [, , , ...totals] = read(
      writeUsageCsv([line({ pages: 1, rateCents: 5 }), line({ pages: 2, rateCents: 6, currency: 'EUR' })], words),
    );
    expect(totals).toEqual([
      ['Total', '', '', '', '1', '', '', '0.05', 'USD'],
      ['Total', '', '', '', '2', '', '', '0.12', 'EUR'],
    ]);
    expect(read(writeUsageCsv([], words))).toEqual([words.columns, ['Total', '', '', '', '0', '', '', '0.00', '']]);
  });

  it('writes cents as a decimal with a point', () => {
    expect([0, 5, 105, 12345, -250].map(decimalOfCents)).toEqual(['0.00', '0.05', '1.05', '123.45', '-2.50']);
  });
});
