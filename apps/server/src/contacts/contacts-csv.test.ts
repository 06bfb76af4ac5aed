import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/http/app-error';
import { columnOf, guardFormula, readContactCsv, splitTags, withoutFormulaGuard, writeContactCsv } from './contacts-csv';

describe('columnOf', () => {
  it('reads header names without regard to case, spaces, dashes or underscores, and "fax" for the number', () => {
    expect(['Name', 'FAX', 'Fax Number', 'fax_number', 'E-mail', 'Tags', 'note'].map(columnOf)).toEqual([
      'name',
      'fax_number',
      'fax_number',
      'fax_number',
      'email',
      'tags',
      'notes',
    ]);
    expect(columnOf('Birthday')).toBeUndefined();
  });
});

describe('readContactCsv', () => {
  it('gives each row its line and the contract fields, ignoring unknown columns and empty lines', () => {
    const rows = readContactCsv('\uFEFFFax,Name,Birthday,Tags\n+15550100000,Ana,1990,"a; b;;"\n\n+15550100001,Bob\n');
    expect(rows).toEqual([
      { line: 2, input: { name: 'Ana', fax_number: '+15550100000', company: null, email: null, notes: null, tags: ['a', 'b'] } },
      { line: 4, input: { name: 'Bob', fax_number: '+15550100001', company: null, email: null, notes: null, tags: [] } },
    ]);
  });

  it('refuses a file whose first line does not name the name and fax columns', () => {
    expect(() => readContactCsv('Ana,+15550100000\n')).toThrow(AppError);
    expect(() => readContactCsv('')).toThrow(expect.objectContaining({ messageKey: 'errors.contactImportNoHeader' }));
  });

  it('refuses text that is not CSV, naming the line', () => {
    expect(() => readContactCsv('name,fax\n"Ana,+1555\n')).toThrow(
      expect.objectContaining({ messageKey: 'errors.contactImportUnreadable', params: { line: 2 } }),
    );
  });
});

describe('the formula guard', () => {
  it('prefixes a cell that a spreadsheet would run as a formula, and only those', () => {
    expect(['=1+1', '+15550100000', '-2', '@SUM(A1)', '\tx', 'Ana', "'quoted", ''].map(guardFormula)).toEqual([
      "'=1+1",
      "'+15550100000",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'Ana',
      "'quoted",
      '',
    ]);
  });

  it('guards the full-width forms of = + - @ that spreadsheets also read as formulas, and a leading line break', () => {
    for (const value of ['\uFF1D1+1', '\uFF0B15550100000', '\uFF0D2', '\uFF20SUM(A1)', '\r=1+1', '\n=1+1'])
      expect(guardFormula(value), JSON.stringify(value)).toBe(`'${value}`);
    // Only at the start: full-width signs inside a name are text.
    expect(guardFormula('A\uFF1DB')).toBe('A\uFF1DB');
  });

  it('is undone on import, so that an export imports as it was', () => {
    for (const value of ['\uFF1D1+1', '\uFF20x']) expect(withoutFormulaGuard(guardFormula(value))).toBe(value);
    for (const value of ['=1+1', '+15550100000', "'quoted", "O'Brien", 'Ana']) expect(withoutFormulaGuard(guardFormula(value))).toBe(value);
  });
});

describe('writeContactCsv', () => {
  it('writes the header and guarded, quoted cells, tags joined by ";", and reads back the same', () => {
    const contact = {
      id: '00000000-0000-4000-8000-000000000000',
      name: 'Zoé, "Lab"',
      fax_number: '+33123456789',
      company: null,
      email: 'zoe@example.fr',
      notes: 'two\nlines',
      tags: ['x', 'y'],
      station_id: '+33 1 23 45 67 89',
      station_warning: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const csv = writeContactCsv([contact]);
    expect(csv.startsWith('\uFEFFname,fax_number,company,email,notes,tags,station_id\r\n')).toBe(true);
    expect(readContactCsv(csv)[0]!.input).toEqual({
      name: 'Zoé, "Lab"',
      fax_number: '+33123456789',
      // An empty cell: the contract makes it null.
      company: '',
      email: 'zoe@example.fr',
      notes: 'two\nlines',
      tags: ['x', 'y'],
      // The station id its machine announces (decision 121) goes with the contact.
      station_id: '+33 1 23 45 67 89',
    });
  });

  it('reads the station id column by its other names, and leaves it out of a file without it', () => {
    expect(readContactCsv('Name,Fax,CSI\nLab,+15550100003,LAB FAX\nDesk,+15550100004,\n').map((row) => row.input.station_id)).toEqual([
      'LAB FAX',
      null,
    ]);
    expect('station_id' in readContactCsv('name,fax_number\nLab,+15550100003\n')[0]!.input).toBe(false);
  });

  it('splits tags on ";" and drops empty ones', () => {
    expect(splitTags(' vip ;; lab;')).toEqual(['vip', 'lab']);
  });
});
