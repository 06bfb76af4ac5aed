import type { TFieldName, TFoundField } from '@faxline/shared';

/*
 * The facts a front desk copies off a received fax (issue 37, item 4; decision 102): found by their labels in English,
 * Spanish and French, each with the page, line and column it was read at, so that a member can check it against the
 * page. A value is what follows its label on the same line, up to the next label or a wide gap.
 */

const DATE = String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}`;
const WRITTEN_DATE = String.raw`(?:\d{1,2}(?:er)?\s+(?:de\s+)?[\p{L}]{3,10}\.?\s+(?:de\s+)?\d{4}|[\p{L}]{3,10}\.?\s+\d{1,2},\s+\d{4})`;
const NUMBER = String.raw`\+?\(?\d[\d\s().-]{6,}\d`;
/** Where a value stops: two spaces or more, a label of another field ("DOB", "Née le :"), or the line's end. */
const UNTIL = String.raw`(?=\s{2,}|\s+(?:DOB|MRN|NPI)\b|\s+\p{L}+(?:\s\p{L}{1,3})?\s?:|$)`;

const PATTERNS: Array<{ name: TFieldName; pattern: RegExp }> = [
  {
    name: 'patient_name',
    pattern: new RegExp(
      String.raw`\b(?:Patiente?(?: name)?|Paciente|Nom du patient)\s*:\s*(\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){1,3}?)${UNTIL}`,
      'u',
    ),
  },
  {
    name: 'date_of_birth',
    pattern: new RegExp(
      String.raw`\b(?:DOB|Date of birth|Fecha de nacimiento|Nacimiento|Date de naissance|N[ée]e? le)\s*:?\s*(${DATE})`,
      'iu',
    ),
  },
  {
    name: 'record_number',
    pattern: new RegExp(
      String.raw`\b(?:MRN|Medical record(?: number)?|Record (?:no\.?|number)|N[úu]mero de historia(?: cl[íi]nica)?|Historia cl[íi]nica|Num[ée]ro de dossier|Dossier)\s*[:#]?\s*((?:[A-Z]{2,4}\s?)?\d[\d-]{3,})`,
      'iu',
    ),
  },
  { name: 'npi', pattern: /\bNPI\s*[:#]?\s*(\d{10})\b/ },
  {
    name: 'callback_fax',
    pattern: new RegExp(String.raw`\b(?:(?:Callback|Return|Reply) fax|Fax de (?:respuesta|retour)|Fax)\s*:\s*(${NUMBER})`, 'iu'),
  },
  { name: 'callback_phone', pattern: new RegExp(String.raw`\b(?:Phone|Tel[ée]fono|T[ée]l[ée]phone|Tel)\s*:\s*(${NUMBER})`, 'iu') },
  { name: 'date', pattern: new RegExp(String.raw`^(?:Date|Fecha|Reported|Collected)\s*:\s*(${DATE}|${WRITTEN_DATE})`, 'iu') },
];

/** An NPI is ten digits whose Luhn check holds with the prefix 80840 (the NPI standard's card issuer prefix). */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`.split('').map(Number).reverse();
  const sum = digits.reduce((total, digit, index) => {
    if (index % 2 === 0) return total + digit;
    const doubled = digit * 2;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return sum % 10 === 0;
}

/** The fields found on a fax's pages, in page and line order; an NPI whose check digit fails is not one. */
export function findFields(pages: ReadonlyArray<{ page: number; text: string }>): TFoundField[] {
  const found: TFoundField[] = [];
  for (const { page, text } of pages) {
    for (const [index, line] of text.split('\n').entries()) {
      for (const { name, pattern } of PATTERNS) {
        const match = pattern.exec(line);
        const value = match?.[1]?.trim();
        if (!match || !value) continue;
        if (name === 'npi' && !isValidNpi(value)) continue;
        found.push({ name, value, page, line: index + 1, column: match.index + match[0].indexOf(match[1]!) + 1 });
      }
    }
  }
  return found;
}
