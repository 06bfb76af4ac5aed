import type { TFax } from '@faxline/shared';

/** The newest `count` faxes of both directions (each list arrives newest first from the server). */
export function latestFaxes(sent: readonly TFax[], received: readonly TFax[], count: number): TFax[] {
  return [...sent, ...received].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, count);
}
