import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { TContact, TContactInput } from '@faxline/shared';
import { AppError } from '../platform/http/app-error';
import { guardFormula, withoutFormulaGuard } from '../platform/csv-cells';

/** The columns of an address book's CSV file (decision 048), in the order an export writes them. */
export const CONTACT_CSV_COLUMNS = ['name', 'fax_number', 'company', 'email', 'notes', 'tags', 'station_id'] as const;
export type TContactCsvColumn = (typeof CONTACT_CSV_COLUMNS)[number];

/** A file's tags cell holds the tags separated by this. */
export const CSV_TAG_SEPARATOR = ';';

/** Other names a header may give a column ("Fax Number", "E-mail"), compared without case, spaces, dashes or underscores. */
const COLUMN_ALIASES: Record<string, TContactCsvColumn> = {
  name: 'name',
  faxnumber: 'fax_number',
  fax: 'fax_number',
  company: 'company',
  email: 'email',
  notes: 'notes',
  note: 'notes',
  tags: 'tags',
  stationid: 'station_id',
  csi: 'station_id',
};

/** The column a header cell names, if any. */
export function columnOf(header: string): TContactCsvColumn | undefined {
  return COLUMN_ALIASES[header.toLowerCase().replace(/[\s_-]/g, '')];
}

/** One data row of an import: the line of the file where it ends, and the contact as the contract takes it. */
export type TContactCsvRow = { line: number; input: TContactInput };

/**
 * The rows of a CSV file as contacts to validate. The header row must name at least name and fax_number; other
 * columns are ignored, empty lines skipped, a byte order mark dropped. A file that is not CSV is a 400 naming the line.
 */
export function readContactCsv(text: string): TContactCsvRow[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record comes with where it was read (the library's types do not follow that option).
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1;
    throw new AppError('invalid_request', 'errors.contactImportUnreadable', { line });
  }
  const [header, ...rows] = records;
  const positions = new Map<TContactCsvColumn, number>();
  header?.record.forEach((cell, index) => {
    const column = columnOf(cell);
    if (column && !positions.has(column)) positions.set(column, index);
  });
  if (!positions.has('name') || !positions.has('fax_number')) throw new AppError('invalid_request', 'errors.contactImportNoHeader');

  return rows.map(({ record, info }) => {
    const cell = (column: TContactCsvColumn) => {
      const index = positions.get(column);
      return index === undefined ? undefined : withoutFormulaGuard(record[index] ?? '');
    };
    const tags = cell('tags');
    const stationId = cell('station_id');
    return {
      line: info.lines,
      input: {
        name: cell('name') ?? '',
        fax_number: cell('fax_number') ?? '',
        company: cell('company') ?? null,
        email: cell('email')?.trim() ?? null,
        notes: cell('notes') ?? null,
        tags: tags ? splitTags(tags) : [],
        // A file without the column leaves the station id to the contract's default; an empty cell expects none.
        ...(stationId === undefined ? {} : { station_id: stationId.trim() || null }),
      },
    };
  });
}

/** "vip; billing;;" -> ["vip", "billing"]. */
export function splitTags(cell: string): string[] {
  return cell
    .split(CSV_TAG_SEPARATOR)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

// The spreadsheet formula guard is shared with every CSV the server writes (the usage ledger's too).
export { guardFormula, withoutFormulaGuard } from '../platform/csv-cells';

/**
 * The contacts as a CSV file: the header row, then one row each, every cell guarded against formulas. It starts with a
 * byte order mark, so that spreadsheets read its accents as UTF-8.
 */
export function writeContactCsv(contacts: TContact[]): string {
  const rows = contacts.map((contact) =>
    [
      contact.name,
      contact.fax_number,
      contact.company,
      contact.email,
      contact.notes,
      contact.tags.join(CSV_TAG_SEPARATOR),
      contact.station_id,
    ].map((value) => guardFormula(value ?? '')),
  );
  return `\uFEFF${stringify([[...CONTACT_CSV_COLUMNS], ...rows], { record_delimiter: 'windows' })}`;
}
