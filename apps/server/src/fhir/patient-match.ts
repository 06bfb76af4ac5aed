import type { TFoundField, TLanguage } from '@faxline/shared';
import type { FhirAnswer } from './fhir-http';

/**
 * Which Patient a received fax is about, by the fields read on it (decision 102): the record number as the
 * Patient's identifier first, then the name with the date of birth. Only exactly one match files the fax under a
 * patient; none or several leave it for a person on the EHR to review: a document filed under the wrong patient is
 * worse than one waiting.
 */

export type PatientSearch = (query: string) => Promise<FhirAnswer>;
export type PatientMatch = { reference: string | null; searched: string[]; refused: string | null };

/**
 * The date of birth as FHIR writes it (YYYY-MM-DD), from what was read: ISO already, or day, month and year in the
 * order of the fax's language (month first in English, day first in Spanish and French) unless a part above 12 says
 * which is which. Null when it is not a date.
 */
export function birthDateOf(value: string, language: TLanguage | null): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const parts = iso ? [iso[3], iso[2], iso[1]] : /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim())?.slice(1);
  if (!parts) return null;
  const [first, second, year] = parts.map(Number) as [number, number, number];
  // Month first when the second part cannot be a month, or when neither tells and the fax is in English.
  const monthFirst = !iso && first <= 12 && (second > 12 || language === 'en');
  const [day, month] = monthFirst ? [second, first] : [first, second];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The ids of the Patients a search Bundle matched (its `match` entries). */
function matchesOf(answer: FhirAnswer): string[] {
  const bundle = answer.json as {
    resourceType?: unknown;
    entry?: { resource?: { resourceType?: unknown; id?: unknown }; search?: { mode?: unknown } }[];
  } | null;
  if (bundle?.resourceType !== 'Bundle') return [];
  return (bundle.entry ?? [])
    .filter(
      (entry) =>
        entry.resource?.resourceType === 'Patient' && (entry.search?.mode ?? 'match') === 'match' && typeof entry.resource.id === 'string',
    )
    .map((entry) => entry.resource!.id as string);
}

/**
 * Searches as the fields allow; a 5xx answer is thrown back (the export tries again later) by `search` itself, a
 * 4xx ends the search with no patient (the server does not allow or support it: the document is filed for review).
 */
export async function matchPatient(
  search: PatientSearch,
  fields: readonly TFoundField[],
  language: TLanguage | null,
): Promise<PatientMatch> {
  const value = (name: TFoundField['name']) => fields.find((field) => field.name === name)?.value.trim() || null;
  const queries: string[] = [];
  const recordNumber = value('record_number');
  if (recordNumber) queries.push(`identifier=${encodeURIComponent(recordNumber)}`);
  const name = value('patient_name');
  const born = value('date_of_birth');
  const birthDate = born ? birthDateOf(born, language) : null;
  // Each word of the name must match a part of the Patient's name (repeated parameters are ANDed): the fax writes
  // "Jane Doe" or "DOE, Jane", the server keeps given and family apart.
  const words = name?.split(/[\s,]+/).filter((word) => word.length > 1) ?? [];
  if (words.length > 0 && birthDate)
    queries.push(`${words.map((word) => `name=${encodeURIComponent(word)}`).join('&')}&birthdate=${birthDate}`);
  const searched: string[] = [];
  for (const query of queries) {
    searched.push(query);
    const answer = await search(query);
    if (answer.status >= 400) return { reference: null, searched, refused: `HTTP ${answer.status}` };
    const ids = [...new Set(matchesOf(answer))];
    if (ids.length === 1) return { reference: `Patient/${ids[0]}`, searched, refused: null };
  }
  return { reference: null, searched, refused: null };
}
