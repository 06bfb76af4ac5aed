import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import type { TCarrierRoute } from '@faxline/shared';
import { lineAfter, routeOf } from './routes';

const routes: TCarrierRoute[] = [
  { prefix: 'all', primary: 'telnyx', fallback: null },
  { prefix: '+1', primary: 'telnyx', fallback: 'signalwire' },
  { prefix: '+1212', primary: 'sinch', fallback: 'telnyx' },
  { prefix: '+33', primary: 'sinch', fallback: null },
];

describe('carrier routes', () => {
  it('gives a number the rule with the longest prefix it starts with, else the all rule', () => {
    expect(routeOf(routes, '+12125550100')?.prefix).toBe('+1212');
    expect(routeOf(routes, '+13125550100')?.prefix).toBe('+1');
    expect(routeOf(routes, '+33142000000')?.prefix).toBe('+33');
    expect(routeOf(routes, '+442079460000')?.prefix).toBe('all');
    expect(routeOf(routes.slice(1), '+442079460000')).toBeNull();
  });

  it("keeps the sandbox's test numbers off every carrier", () => {
    expect(routeOf(routes, SANDBOX_TEST_NUMBERS.busy)).toBeNull();
  });

  it("moves the next try to the route's other carrier after an outage or a line error only", () => {
    expect(lineAfter(routes, '+13125550100', { line: 'telnyx', result: 'line_quality' })).toBe('signalwire');
    expect(lineAfter(routes, '+13125550100', { line: 'telnyx', result: 'carrier_outage' })).toBe('signalwire');
    expect(lineAfter(routes, '+13125550100', { line: 'telnyx', result: 'carrier_refused' })).toBe('telnyx');
    expect(lineAfter(routes, '+13125550100', { line: 'signalwire', result: 'line_quality' })).toBe('telnyx');
    expect(lineAfter(routes, '+13125550100', { line: 'telnyx', result: 'busy' })).toBe('telnyx');
    expect(lineAfter(routes, '+13125550100', { line: 'telnyx', result: 'no_answer' })).toBe('telnyx');
    // No fallback: the same carrier tries again.
    expect(lineAfter(routes, '+33142000000', { line: 'sinch', result: 'line_quality' })).toBe('sinch');
    // A line that is no carrier of the route keeps its own retries.
    expect(lineAfter(routes, '+13125550100', { line: 'hylafax', result: 'line_quality' })).toBe('hylafax');
  });
});
