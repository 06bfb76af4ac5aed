import { isE164, NUMBER_RANGE_MAX, type TAddNumbersRequest, type TNumberType } from '@faxline/shared';

export type TAddNumbersValues = {
  mode: 'single' | 'range';
  from: string;
  to: string;
  numberType: TNumberType;
  provider: string;
  countryCode: string;
};

export type TAddNumbersField = 'from' | 'to' | 'provider' | 'countryCode';
export type TAddNumbersProblem = 'invalidNumber' | 'invalidRange' | 'rangeTooLarge' | 'invalidProvider' | 'invalidCountry';
export type TAddNumbersCheck =
  | { ok: true; request: TAddNumbersRequest }
  | { ok: false; field: TAddNumbersField; problem: TAddNumbersProblem; params?: Record<string, number> };

/** What people type ("+1 (415) 555-0100") as E.164, the way the server reads it. */
export const compactNumber = (text: string) => text.trim().replace(/[\s().-]/g, '');

/** How many numbers a range holds, or null when it is not a range (different lengths, reversed, not E.164). */
export function rangeSize(from: string, to: string): number | null {
  const first = compactNumber(from);
  const last = compactNumber(to);
  if (!isE164(first) || !isE164(last) || first.length !== last.length || last < first) return null;
  const size = BigInt(last.slice(1)) - BigInt(first.slice(1)) + 1n;
  return size > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(size);
}

/** The checks of the add dialog (E.164, at most NUMBER_RANGE_MAX in a range); the server checks again. */
export function checkAddNumbers(values: TAddNumbersValues): TAddNumbersCheck {
  const fail = (field: TAddNumbersField, problem: TAddNumbersProblem, params?: Record<string, number>): TAddNumbersCheck => ({
    ok: false,
    field,
    problem,
    ...(params ? { params } : {}),
  });
  const from = compactNumber(values.from);
  if (!isE164(from)) return fail('from', 'invalidNumber');
  let to: string | null = null;
  if (values.mode === 'range') {
    to = compactNumber(values.to);
    if (!isE164(to)) return fail('to', 'invalidNumber');
    const size = rangeSize(from, to);
    if (size === null) return fail('to', 'invalidRange');
    if (size > NUMBER_RANGE_MAX) return fail('to', 'rangeTooLarge', { max: NUMBER_RANGE_MAX, count: size });
  }
  const provider = values.provider.trim();
  if (!/^[a-zA-Z0-9][a-zA-Z0-9 ._-]{0,39}$/.test(provider)) return fail('provider', 'invalidProvider');
  const countryCode = values.countryCode.trim().toUpperCase();
  if (countryCode && !/^[A-Z]{2}$/.test(countryCode)) return fail('countryCode', 'invalidCountry');
  return {
    ok: true,
    request: {
      from,
      to,
      numberType: values.numberType,
      provider,
      // Left empty, each number gets the country it belongs to (the server works it out).
      ...(countryCode ? { countryCode } : {}),
    },
  };
}
