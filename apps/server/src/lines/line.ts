import type { TFaxFailureReason } from '@faxline/shared';

/** What every line reports of one call (DESIGN.md "Fax lines": every transport reports the same events). */
export type CallOutcome =
  | { result: 'delivered' | 'partially_delivered'; pagesSent: number; durationMs: number }
  | { result: TFaxFailureReason; pagesSent: number; durationMs: number };
