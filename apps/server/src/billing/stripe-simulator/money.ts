/** An amount in the currency's smallest unit, as people read it: `1900, 'usd'` is "$19.00". */
export function formatMoney(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** A date as Stripe writes it in line descriptions ("12 Nov 2026"), in UTC. */
export function formatDay(seconds: number): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(seconds * 1000);
}
