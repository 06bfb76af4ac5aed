/** A file size in the active language: "850 kB", "2.4 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 1) / 1_000, 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** A call's length in whole seconds, e.g. "42 sec" (the unit as the language writes it). */
export function formatDuration(ms: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 0 }).format(
    Math.round(ms / 1000),
  );
}
