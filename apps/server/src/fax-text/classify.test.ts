import { describe, expect, it } from 'vitest';
import { expectedText, FAX_TEXT_CORPUS } from '@test-support/fax-text-corpus';
import { classify, normalized, wordWeightsOf } from './classify';
import { findFields, isValidNpi } from './find-fields';

const corpusText = (id: string) => expectedText(FAX_TEXT_CORPUS.find((document) => document.id === id)!);
const TIMESHEET = [
  'Harbor Staffing Partners',
  'WEEKLY TIMESHEET',
  'Nurse: Dana Whitfield   Week ending 03/20/2026',
  'Monday 8 hours, Tuesday 8 hours, Wednesday 6 hours',
  'Shift supervisor signature required before Friday.',
].join('\n');

describe('classify (decision 102)', () => {
  it('tells the corpus apart by its phrases in three languages, and a blank page is "other", unsure', () => {
    for (const document of FAX_TEXT_CORPUS.filter((d) => d.class !== 'blank')) {
      const { documentClass, confidence } = classify(corpusText(document.id));
      expect([document.id, documentClass]).toEqual([document.id, document.class]);
      expect(confidence).toBeGreaterThan(0.8);
    }
    expect(classify('')).toEqual({ documentClass: 'other', confidence: 0.28 });
  });

  it('learns from a correction: the next fax like it takes the corrected class', () => {
    expect(classify(TIMESHEET).documentClass).toBe('other');
    const corrected = [{ documentClass: 'invoice' as const, words: wordWeightsOf(TIMESHEET) }];
    const next = TIMESHEET.replace('Dana Whitfield', 'Omar Castillo').replace('03/20/2026', '03/27/2026').replace('6 hours', '8 hours');
    const learned = classify(next, corrected);
    expect(learned.documentClass).toBe('invoice');
    expect(learned.confidence).toBeGreaterThan(0.9);
    // A referral stays a referral: the example is not like it.
    expect(classify(corpusText('referral-en'), corrected).documentClass).toBe('referral');
  });

  it('weighs words without case, accents, digits or stop words, to a length of one', () => {
    expect(normalized('Dérivación: ¡URGENTE!')).toBe('derivacion urgente');
    const weights = wordWeightsOf('Referral referral for the patient 2026');
    expect(Object.keys(weights).sort()).toEqual(['patient', 'referral']);
    expect(Object.values(weights).reduce((sum, w) => sum + w * w, 0)).toBeCloseTo(1, 9);
  });
});

describe('findFields (decision 102)', () => {
  it('finds the facts of a referral with the page, line and column each was read at', () => {
    expect(findFields([{ page: 1, text: corpusText('referral-en') }])).toEqual([
      { name: 'date', value: 'March 14, 2026', page: 1, line: 4, column: 7 },
      { name: 'patient_name', value: 'Margaret Ellison', page: 1, line: 6, column: 10 },
      { name: 'date_of_birth', value: '07/22/1958', page: 1, line: 7, column: 16 },
      { name: 'record_number', value: 'MRN 448120', page: 1, line: 8, column: 24 },
      { name: 'npi', value: '1234567893', page: 1, line: 13, column: 44 },
      { name: 'callback_fax', value: '(503) 555-0148', page: 1, line: 14, column: 15 },
      { name: 'callback_phone', value: '(503) 555-0147', page: 1, line: 14, column: 37 },
    ]);
  });

  it('reads the labels of Spanish and French pages, and a field on a later page says so', () => {
    const fields = findFields([
      { page: 1, text: corpusText('lab-es') },
      { page: 2, text: corpusText('lab-fr') },
    ]);
    expect(fields.map(({ name, value, page }) => [name, value, page])).toEqual([
      ['patient_name', 'Carmen Ruiz López', 1],
      ['date_of_birth', '19/01/1990', 1],
      ['record_number', 'HC 66402', 1],
      ['patient_name', 'Hélène Garnier', 2],
      ['date_of_birth', '28/10/1975', 2],
      ['record_number', 'DOS 31884', 2],
    ]);
  });

  it('keeps only an NPI whose check digit holds', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(findFields([{ page: 1, text: 'NPI 1234567890' }])).toEqual([]);
    expect(findFields([{ page: 1, text: corpusText('lab-en') }]).find((field) => field.name === 'npi')?.value).toBe('1902837461');
  });
});
