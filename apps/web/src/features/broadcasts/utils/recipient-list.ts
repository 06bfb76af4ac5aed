import { MAX_BROADCAST_RECIPIENTS, splitNumberList, toE164 } from '@faxline/shared';

/** The numbers read from what a person pasted or uploaded: valid ones once each, in order, and those that are not numbers. */
export type TReadNumbers = { numbers: string[]; invalid: string[] };

/** A pasted list ("+1 555 010 0000, +1 555 010 0005" or one per line), each entry read as a number. */
export function readPastedNumbers(text: string): TReadNumbers {
  return collect(splitNumberList(text));
}

/** A header cell that names the column of fax numbers, in the languages of the portal and the address book's CSV. */
const NUMBER_HEADER = /fax|number|phone|tel|n[úu]mero|num[ée]ro/i;

/**
 * A CSV file of recipients: its fax number column when the first row names one (`fax_number`, "Fax", "Número"...), the
 * address book's own export among them; otherwise the first cell of each row that reads as a number. Separated by
 * commas or semicolons (as spreadsheets in Spanish and French write them), quotes allowed.
 */
export function readCsvNumbers(text: string): TReadNumbers {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .map(csvCells);
  const [first, ...rest] = rows;
  if (!first) return { numbers: [], invalid: [] };
  const isHeader = !first.some((cell) => toE164(cell) !== null);
  const column = isHeader ? first.findIndex((cell) => NUMBER_HEADER.test(cell)) : -1;
  const body = isHeader ? rest : rows;
  if (column >= 0) return collect(body.map((cells) => cells[column] ?? ''));
  return collect(body.map((cells) => cells.find((cell) => toE164(cell) !== null) ?? cells[0] ?? ''));
}

/** The cells of one CSV line: separated by commas or semicolons, a quoted cell may hold either (and "" for a quote). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === ';') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  // A spreadsheet's formula guard ('+1555...) is not part of the number.
  return cells.map((value) => value.replace(/^'(?=[+=\-@])/, ''));
}

function collect(entries: string[]): TReadNumbers {
  const numbers: string[] = [];
  const seen = new Set<string>();
  const invalid: string[] = [];
  for (const entry of entries) {
    if (entry.trim() === '') continue;
    const number = toE164(entry);
    if (!number) invalid.push(entry.trim());
    else if (!seen.has(number)) {
      seen.add(number);
      numbers.push(number);
    }
  }
  return { numbers, invalid };
}

/** Every source's numbers together, each once, and whether they pass the limit. */
export function mergeNumbers(...lists: string[][]): { numbers: string[]; overLimit: boolean } {
  const numbers = [...new Set(lists.flat())];
  return { numbers, overLimit: numbers.length > MAX_BROADCAST_RECIPIENTS };
}
