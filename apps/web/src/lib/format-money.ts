/** How many minor units a currency has (2 for USD and EUR, 0 for JPY), from the platform's own currency data. */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A price held in minor units (cents) as the language writes it: 999 USD is "$9.99" in English, "9,99 US$" in
 * Spanish and "9,99 $US" in French.
 */
export function formatMoney(minorUnits: number, currency: string, language: string): string {
  const amount = minorUnits / 10 ** minorUnitDigits(currency);
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
}
