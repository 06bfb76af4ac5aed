/** An event's time in UTC, to the second, the way the filters count days ("Mar 14, 2026, 09:30:05"). */
export function formatAuditTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
