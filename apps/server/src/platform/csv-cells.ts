// The cells of the CSV files the server writes, as spreadsheets will read them.

/**
 * What a spreadsheet would run as a formula (OWASP "CSV injection"): a cell starting with one of these, also in their
 * full-width forms (＝＋－＠), which spreadsheets in East Asian locales turn into the ASCII signs, or with a line break.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell a spreadsheet shows as text: one that would start a formula gets a leading apostrophe. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reverse of guardFormula on import, so that an exported file imports as it was ("'+1555..." -> "+1555..."). */
export function withoutFormulaGuard(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
