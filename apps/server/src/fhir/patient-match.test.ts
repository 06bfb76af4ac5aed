import type { TFoundField } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import type { FhirAnswer } from './fhir-http';
import { birthDateOf, matchPatient } from './patient-match';

const field = (name: TFoundField['name'], value: string): TFoundField => ({ name, value, page: 1, line: 1, column: 1 });
const bundle = (...ids: string[]): FhirAnswer => ({
  status: 200,
  json: {
    resourceType: 'Bundle',
    type: 'searchset',
    entry: ids.map((id) => ({ resource: { resourceType: 'Patient', id }, search: { mode: 'match' } })),
  },
  text: '',
  location: null,
});

describe('birthDateOf', () => {
  it('reads the date in the order of the fax language, unless a part above 12 says which is the day', () => {
    expect(birthDateOf('07/08/1958', 'en')).toBe('1958-07-08');
    expect(birthDateOf('07/08/1958', 'fr')).toBe('1958-08-07');
    expect(birthDateOf('07/08/1958', null)).toBe('1958-08-07');
    expect(birthDateOf('07/22/1958', 'fr')).toBe('1958-07-22');
    expect(birthDateOf('22.07.1958', 'en')).toBe('1958-07-22');
    expect(birthDateOf('1958-07-22', 'en')).toBe('1958-07-22');
  });

  it('is null for what is not a date', () => {
    expect(birthDateOf('31/02/1990', 'fr')).toBeNull();
    expect(birthDateOf('13/13/1990', 'fr')).toBeNull();
    expect(birthDateOf('born in May', 'en')).toBeNull();
  });
});

describe('matchPatient', () => {
  it('files under the one patient of the record number, without asking by name', async () => {
    const asked: string[] = [];
    const match = await matchPatient(
      async (query) => (asked.push(query), bundle('p1')),
      [field('record_number', 'MRN 448120'), field('patient_name', 'Margaret Ellison'), field('date_of_birth', '07/22/1958')],
      'en',
    );
    expect(match).toEqual({ reference: 'Patient/p1', searched: ['identifier=MRN%20448120'], refused: null });
    expect(asked).toHaveLength(1);
  });

  it('then by every word of the name and the birth date; several matches leave the patient to review', async () => {
    const answers = [bundle(), bundle('p1', 'p2')];
    const match = await matchPatient(
      async () => answers.shift()!,
      [field('record_number', '448120'), field('patient_name', 'ELLISON, Margaret'), field('date_of_birth', '22/07/1958')],
      'fr',
    );
    expect(match).toEqual({
      reference: null,
      searched: ['identifier=448120', 'name=ELLISON&name=Margaret&birthdate=1958-07-22'],
      refused: null,
    });
  });

  it('asks nothing by name without a birth date, and stops at a refusal', async () => {
    expect(await matchPatient(async () => bundle('p1'), [field('patient_name', 'Margaret Ellison')], 'en')).toEqual({
      reference: null,
      searched: [],
      refused: null,
    });
    const refused = await matchPatient(
      async () => ({ status: 403, json: null, text: '', location: null }),
      [field('record_number', '1')],
      'en',
    );
    expect(refused).toEqual({ reference: null, searched: ['identifier=1'], refused: 'HTTP 403' });
  });
});
