import { T30_COMPLETION, type TFaxFailureReason } from '@faxline/shared';
import type { CallOutcome } from '../fax-line';

/**
 * The class of the failure taxonomy (FAX_FAILURE_REASONS) a T.30 completion code belongs to, before what else the call
 * says refines it (`callResult`): 'delivered' for the completed call; 'partial' for a remote that said goodbye (DCN)
 * after a page, which is the result 'partially_delivered' when it had confirmed some.
 */
export type TT30CompletionClass =
  | 'delivered'
  | Extract<
      TFaxFailureReason,
      'busy' | 'no_answer' | 'not_a_fax_machine' | 'wrong_station' | 'remote_rejected' | 'line_quality' | 'partial' | 'conversion_error'
    >;

/** One completion code of spandsp 0.0.6 (t30.h's T30_ERR_*, in its order) and its class. */
export type T30CompletionClassRow = { code: number; name: string; class: TT30CompletionClass };

const row = (code: number, name: string, cls: TT30CompletionClass): T30CompletionClassRow => ({ code, name, class: cls });

/**
 * Every completion code the engine can report, mapped to the taxonomy: a test can walk them all. The receiver's
 * codes (23 to 40) never end a sending call, but a table that holds every code has no gap to fall through.
 */
export const T30_COMPLETION_CLASSES: readonly T30CompletionClassRow[] = [
  row(0, 'OK', 'delivered'),
  row(1, 'CEDTONE', 'not_a_fax_machine'),
  // T0: nobody picked up, or somebody did who never spoke fax (callResult tells them apart by the signalling).
  row(2, 'T0_EXPIRED', 'no_answer'),
  row(3, 'T1_EXPIRED', 'not_a_fax_machine'),
  row(4, 'T3_EXPIRED', 'line_quality'),
  row(5, 'HDLC_CARRIER', 'line_quality'),
  row(6, 'CANNOT_TRAIN', 'line_quality'),
  row(7, 'OPER_INT_FAIL', 'remote_rejected'),
  // A fax machine that will not take this document (T.30's capabilities): the remote refuses, another try would too.
  row(8, 'INCOMPATIBLE', 'remote_rejected'),
  row(9, 'RX_INCAPABLE', 'remote_rejected'),
  row(10, 'TX_INCAPABLE', 'remote_rejected'),
  row(11, 'NORESSUPPORT', 'remote_rejected'),
  row(12, 'NOSIZESUPPORT', 'remote_rejected'),
  row(13, 'UNEXPECTED', 'line_quality'),
  // A bad answer to the training (our V.17 test number hangs up there): the line, a slower modem may do.
  row(14, 'TX_BADDCS', 'line_quality'),
  row(15, 'TX_BADPG', 'partial'),
  row(16, 'TX_ECMPHD', 'line_quality'),
  // DCN where the remote's DIS should be: it hung up at the start.
  row(17, 'TX_GOTDCN', 'remote_rejected'),
  row(18, 'TX_INVALRSP', 'line_quality'),
  row(19, 'TX_NODIS', 'line_quality'),
  row(20, 'TX_PHBDEAD', 'line_quality'),
  row(21, 'TX_PHDDEAD', 'line_quality'),
  row(22, 'TX_T5EXP', 'line_quality'),
  row(23, 'RX_ECMPHD', 'line_quality'),
  row(24, 'RX_GOTDCS', 'line_quality'),
  row(25, 'RX_INVALCMD', 'line_quality'),
  row(26, 'RX_NOCARRIER', 'line_quality'),
  row(27, 'RX_NOEOL', 'line_quality'),
  row(28, 'RX_NOFAX', 'line_quality'),
  row(29, 'RX_T2EXPDCN', 'line_quality'),
  row(30, 'RX_T2EXPD', 'line_quality'),
  row(31, 'RX_T2EXPFAX', 'line_quality'),
  row(32, 'RX_T2EXPMPS', 'line_quality'),
  row(33, 'RX_T2EXPRR', 'line_quality'),
  row(34, 'RX_T2EXP', 'line_quality'),
  row(35, 'RX_DCNWHY', 'line_quality'),
  row(36, 'RX_DCNDATA', 'line_quality'),
  row(37, 'RX_DCNFAX', 'line_quality'),
  row(38, 'RX_DCNPHD', 'line_quality'),
  row(39, 'RX_DCNRRD', 'line_quality'),
  row(40, 'RX_DCNNORTN', 'line_quality'),
  // Our own fax image could not be read: no line or retry mends that.
  row(41, 'FILEERROR', 'conversion_error'),
  row(42, 'NOPAGE', 'conversion_error'),
  row(43, 'BADTIFF', 'conversion_error'),
  row(44, 'BADPAGE', 'conversion_error'),
  row(45, 'BADTAG', 'conversion_error'),
  row(46, 'BADTIFFHDR', 'conversion_error'),
  row(47, 'NOMEM', 'line_quality'),
  row(48, 'RETRYDCN', 'line_quality'),
  row(49, 'CALLDROPPED', 'line_quality'),
  row(50, 'NOPOLL', 'remote_rejected'),
  // The engine's own wrong-station check (--expect-ident) refuses the remote's DIS with this code.
  row(51, 'IDENT_UNACCEPTABLE', 'wrong_station'),
  row(52, 'SUB_UNACCEPTABLE', 'remote_rejected'),
  row(53, 'SEP_UNACCEPTABLE', 'remote_rejected'),
  row(54, 'PSA_UNACCEPTABLE', 'remote_rejected'),
  row(55, 'SID_UNACCEPTABLE', 'remote_rejected'),
  row(56, 'PWD_UNACCEPTABLE', 'remote_rejected'),
  row(57, 'TSA_UNACCEPTABLE', 'remote_rejected'),
  row(58, 'IRA_UNACCEPTABLE', 'remote_rejected'),
  row(59, 'CIA_UNACCEPTABLE', 'remote_rejected'),
  row(60, 'ISP_UNACCEPTABLE', 'remote_rejected'),
  row(61, 'CSA_UNACCEPTABLE', 'remote_rejected'),
];

/** The class of a completion code; a code a later spandsp might add is the line's, as a failed call is by default. */
export function t30CompletionClass(code: number): TT30CompletionClass {
  return T30_COMPLETION_CLASSES[code]?.class ?? 'line_quality';
}

/** What the sender's engine reported of the call (fax-modem.ts's end line), as far as the outcome depends on it. */
export type T30End = { completion: number; pages: number; wrongStation?: boolean; awaitingConfirmation?: boolean };

/**
 * How a call ended, from the sender's T.30 completion code and the pages the remote confirmed (MCF) of the pages the
 * call carried. `answered` is the call's signalling, not T.30: whether anybody picked up, which tells no answer from a
 * telephone or a person.
 */
export function callResult(end: T30End, call: { pages: number; answered: boolean }): CallOutcome['result'] {
  if (end.completion === T30_COMPLETION.ok) return end.pages === call.pages ? 'delivered' : 'line_quality';
  if (end.wrongStation) return 'wrong_station';
  // The last page went and the call ended before the remote's answer: it may have arrived, so it is never
  // 'delivered', nor sent again by itself (the sender chooses).
  if (end.awaitingConfirmation && end.pages === call.pages - 1) return 'uncertain';
  const cls = t30CompletionClass(end.completion);
  if (cls === 'no_answer') return call.answered ? 'not_a_fax_machine' : 'no_answer';
  // The remote ended the call on purpose after some pages: those are delivered, the others will not be.
  if (cls === 'partial') return end.pages > 0 ? 'partially_delivered' : 'line_quality';
  if (cls === 'delivered') return 'line_quality';
  return cls;
}
