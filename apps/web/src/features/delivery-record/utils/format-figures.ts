/** The delivery record's figures as people read them, in the page's language (Intl). */

/** A share of faxes, e.g. "92.3%"; a share of nothing is not 0%. */
export function formatShare(share: number | null, language: string): string | null {
  if (share === null) return null;
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** Calls per delivered fax with two decimals, e.g. "1.25" or "1,25". */
export function formatRatio(ratio: number | null, language: string): string | null {
  if (ratio === null) return null;
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ratio);
}

/**
 * A wait in the unit that reads best: seconds under a minute ("7.5 sec"), minutes under an hour ("3.2 min"), hours
 * beyond ("26 hr"), as the language writes each unit.
 */
export function formatWait(ms: number, language: string): string {
  const [value, unit] = ms < 60_000 ? [ms / 1000, 'second'] : ms < 3_600_000 ? [ms / 60_000, 'minute'] : [ms / 3_600_000, 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** A count of faxes or calls, e.g. "1,234". */
export const count = (value: number, language: string) => new Intl.NumberFormat(language).format(value);

/** A median and a 95th percentile side by side, for a table cell: "1.5 min / 3.2 min". */
export function waitPair(wait: { p50Ms: number; p95Ms: number } | null, language: string, none: string): string {
  return wait ? `${formatWait(wait.p50Ms, language)} / ${formatWait(wait.p95Ms, language)}` : none;
}
