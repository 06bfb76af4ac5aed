import { describe, expect, it } from 'vitest';

import { mergeNumbers, readCsvNumbers, readPastedNumbers } from './recipient-list';

describe('the numbers of a broadcast', () => {
  it('reads a pasted list, separated by commas or lines, each number once, and names what is not a number', () => {
    expect(readPastedNumbers('+15550100000, +1 555 010 0005\n+15550100000;call me\t+44 20 7946 0958')).toEqual({
      numbers: ['+15550100000', '+15550100005', '+442079460958'],
      invalid: ['call me'],
    });
  });

  it("reads a CSV's fax number column by its header, the address book's export and a Spanish sheet among them", () => {
    const book = '\uFEFFname,fax_number,company\r\nClinic A,\'+15550100100,"Main, Street"\r\nLab,+15550100101,\r\n';
    expect(readCsvNumbers(book)).toEqual({ numbers: ['+15550100100', '+15550100101'], invalid: [] });
    expect(readCsvNumbers('Nombre;Número de fax\nClínica;+34 912 345 678\nSin número;abc')).toEqual({
      numbers: ['+34912345678'],
      invalid: ['abc'],
    });
  });

  it('reads a CSV without a header by the first cell of each row that is a number', () => {
    expect(readCsvNumbers('Clinic A,+15550100100\n+15550100001\n')).toEqual({ numbers: ['+15550100100', '+15550100001'], invalid: [] });
  });

  it('merges the sources and says when they pass the limit of 1,000', () => {
    expect(mergeNumbers(['+15550100000'], ['+15550100000', '+15550100001'])).toEqual({
      numbers: ['+15550100000', '+15550100001'],
      overLimit: false,
    });
    const many = Array.from({ length: 1001 }, (_, i) => `+1555020${String(i).padStart(4, '0')}`);
    expect(mergeNumbers(many).overLimit).toBe(true);
  });
});
