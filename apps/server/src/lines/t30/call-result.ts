import { T30_COMPLETION } from '@faxline/shared';
import type { CallOutcome } from '../fax-line';

/** The far end is there but does not receive faxes: no fax handshake, or none we can use. */
const NOT_A_FAX_MACHINE: readonly number[] = [
  T30_COMPLETION.cedTone,
  T30_COMPLETION.t1Expired,
  T30_COMPLETION.incompatible,
  T30_COMPLETION.rxIncapable,
];

/**
 * How a call ended, from the sender's T.30 completion code and the pages the remote confirmed (MCF) of the pages the
 * call carried. `answered` is the call's signalling, not T.30: whether anybody picked up, which tells no answer from a
 * telephone or a person.
 */
export function callResult(end: { completion: number; pages: number }, call: { pages: number; answered: boolean }): CallOutcome['result'] {
  if (end.completion === T30_COMPLETION.ok) return end.pages === call.pages ? 'delivered' : 'line_quality';
  if (end.completion === T30_COMPLETION.t0Expired) return call.answered ? 'not_a_fax_machine' : 'no_answer';
  if (NOT_A_FAX_MACHINE.includes(end.completion)) return 'not_a_fax_machine';
  // The remote ended the call on purpose after some pages: those are delivered, the others will not be.
  if (end.completion === T30_COMPLETION.dcnAfterPage && end.pages > 0) return 'partially_delivered';
  // A dropped call, a training that failed, a remote that stopped answering: worth another try.
  return 'line_quality';
}
