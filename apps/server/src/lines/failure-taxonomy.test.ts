import { FAX_FAILURE_REASONS, T30_COMPLETION } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { SINCH_FAX_ERRORS } from '@test-support/carriers/sinch';
import type { CallOutcome } from './fax-line';
import {
  SIGNALWIRE_ERROR_CODE_CLASSES,
  SIGNALWIRE_MESSAGE_CLASSES,
  SIGNALWIRE_STATUS_CLASSES,
  signalWireFailureClassOf,
} from './carriers/signalwire';
import { failureClassOf as sinchClassOf, SINCH_ERROR_TYPE_CLASSES, SINCH_FAILURE_CLASSES } from './carriers/sinch';
import { failureClassOf as telnyxClassOf, TELNYX_FAILURE_CLASSES } from './carriers/telnyx';
import { HYLAFAX_STATUS_CLASSES, hylafaxFailureOf, hylafaxResultOf } from './hylafax/hylafax-line';
import { callResult, T30_COMPLETION_CLASSES } from './t30/call-result';

/**
 * Every outcome code of every line, walked (decision 119): each maps to a class of the one taxonomy, through the same
 * function the line reads its codes with. The call outcomes a line may report are the taxonomy's call classes (not
 * the three that end a fax before any call) and delivered / partly delivered.
 */
const PRE_CALL = new Set(['invalid_number', 'conversion_error', 'quota_exceeded']);
const CALL_CLASSES = new Set<string>(FAX_FAILURE_REASONS.filter((reason) => !PRE_CALL.has(reason)));
const isCallOutcome = (result: CallOutcome['result']) =>
  result === 'delivered' || result === 'partially_delivered' || CALL_CLASSES.has(result);

function expectCallClasses(
  line: string,
  mapped: Array<[code: string, result: CallOutcome['result']]>,
  alsoAllowed: ReadonlySet<string> = new Set(),
) {
  expect(mapped.length).toBeGreaterThan(0);
  for (const [code, result] of mapped)
    expect({ line, code, result, ok: isCallOutcome(result) || alsoAllowed.has(result) }).toEqual({ line, code, result, ok: true });
}

describe('one failure language: every line code maps to the taxonomy', () => {
  it("Telnyx: every failure_reason of its error list, read back by the adapter's own function", () => {
    const mapped = Object.entries(TELNYX_FAILURE_CLASSES).map(([code, reason]) => {
      expect(telnyxClassOf(code)).toBe(reason);
      return [code, reason] as [string, CallOutcome['result']];
    });
    expectCallClasses('telnyx', mapped);
    // Unknown words are line quality, never delivered; the request refusals and outages are the carrier's classes.
    expect([telnyxClassOf('something_new'), telnyxClassOf(null)]).toEqual(['line_quality', 'line_quality']);
    expect([telnyxClassOf('account_disabled'), telnyxClassOf('service_unavailable')]).toEqual(['carrier_refused', 'carrier_outage']);
  });

  it('SignalWire: every status, ErrorCode and known message', () => {
    const mapped: Array<[string, CallOutcome['result']]> = [
      ...Object.entries(SIGNALWIRE_STATUS_CLASSES).map(([status, reason]) => {
        expect(signalWireFailureClassOf(null, null, status)).toBe(reason);
        return [status, reason] as [string, CallOutcome['result']];
      }),
      ...Object.entries(SIGNALWIRE_ERROR_CODE_CLASSES).map(([code, reason]) => {
        expect(signalWireFailureClassOf(code, 'words that say nothing')).toBe(reason);
        return [code, reason] as [string, CallOutcome['result']];
      }),
      ...SIGNALWIRE_MESSAGE_CLASSES.map(({ example, reason }) => {
        expect(signalWireFailureClassOf(null, example)).toBe(reason);
        return [example, reason] as [string, CallOutcome['result']];
      }),
    ];
    expectCallClasses('signalwire', mapped);
    expect(signalWireFailureClassOf(null, 'Something new')).toBe('line_quality');
  });

  it('Sinch: every documented type and code, and each error its simulator answers by name', () => {
    const mapped: Array<[string, CallOutcome['result']]> = [
      ...Object.entries(SINCH_FAILURE_CLASSES).map(([key, reason]) => {
        const [type, code] = key.split(':');
        expect(sinchClassOf(type, Number(code))).toBe(reason);
        return [key, reason] as [string, CallOutcome['result']];
      }),
      ...Object.entries(SINCH_ERROR_TYPE_CLASSES).map(([type, reason]) => {
        expect(sinchClassOf(type, 99_999)).toBe(reason);
        return [type, reason] as [string, CallOutcome['result']];
      }),
      ...Object.entries(SINCH_FAX_ERRORS).map(
        ([name, error]) => [name, sinchClassOf(error.errorType, error.errorCode)] as [string, CallOutcome['result']],
      ),
    ];
    expectCallClasses('sinch', mapped);
  });

  it('HylaFAX: every status its faxsend and faxq write, and how a job ends', () => {
    const mapped = HYLAFAX_STATUS_CLASSES.map(({ example, reason }) => {
      expect(hylafaxFailureOf(example)).toBe(reason);
      return [example, reason] as [string, CallOutcome['result']];
    });
    expectCallClasses('hylafax', mapped);
    const job = (state: string, pagesSent: number, status: string | null) => hylafaxResultOf({ state, pagesSent, totalPages: 3, status });
    expect(job('7', 3, null)).toBe('delivered');
    // "Done" with pages short (HylaFAX once said done on a fax that sent none) is never delivered.
    expect(job('7', 0, null)).toBe('uncertain');
    expect(job('8', 1, 'No response to MPS repeated 3 tries')).toBe('partial');
    expect(job('8', 2, 'No response to EOP repeated 3 tries')).toBe('uncertain');
    expect(job('8', 0, 'Busy signal detected')).toBe('busy');
    expect(job('8', 0, 'Something HylaFAX never said')).toBe('line_quality');
  });

  it('the sandbox: every T.30 completion code of the engine, answered or not, with and without pages', () => {
    // The engine's table holds every code spandsp can report (T30_COMPLETION_CLASSES, decision 120); each goes through
    // callResult as a call would end with it, and the station and confirmation flags the engine reports besides.
    expect(T30_COMPLETION_CLASSES.map((row) => row.code)).toEqual(T30_COMPLETION_CLASSES.map((_, index) => index));
    expect(T30_COMPLETION_CLASSES.length).toBeGreaterThan(T30_COMPLETION.callDropped);
    const mapped: Array<[string, CallOutcome['result']]> = [];
    for (const { code: completion, name } of T30_COMPLETION_CLASSES)
      for (const answered of [true, false])
        for (const pages of [0, 1, 2])
          mapped.push([
            `T.30 ${completion} ${name} answered=${answered} pages=${pages}`,
            callResult({ completion, pages }, { pages: 2, answered }),
          ]);
    mapped.push(['wrong station', callResult({ completion: 51, pages: 0, wrongStation: true }, { pages: 2, answered: true })]);
    mapped.push([
      'no confirmation of the last page',
      callResult({ completion: 49, pages: 1, awaitingConfirmation: true }, { pages: 2, answered: true }),
    ]);
    expect(mapped.at(-2)![1]).toBe('wrong_station');
    expect(mapped.at(-1)![1]).toBe('uncertain');
    // The engine's own file errors (41 to 47: the fax image it was handed could not be read) are Faxline's document,
    // not the call: conversion_error, as when the document could not be rendered.
    expectCallClasses('sandbox', mapped, new Set(['conversion_error']));
    expect(mapped.filter(([, result]) => result === 'conversion_error').every(([code]) => /^T\.30 4[1-7] /.test(code))).toBe(true);
  });
});
