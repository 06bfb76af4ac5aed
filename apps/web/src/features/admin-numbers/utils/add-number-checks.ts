import { isE164, NUMBER_RANGE_MAX, ZAddNumbersRequest, type TAddNumbersRequest, type TNumberType } from '@faxline/shared';

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

/** The problem each field of the shared schema stands for: every rule of a field has the one message. */
export const NUMBER_FIELD_PROBLEMS = {
  from: 'invalidNumber',
  to: 'invalidNumber',
  provider: 'invalidProvider',
  countryCode: 'invalidCountry',
} as const satisfies Record<TAddNumbersField, TAddNumbersProblem>;

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

/** The field of the first issue of a failed parse, among the fields the form shows. */
export function issueField<F extends string>(issues: readonly { path: readonly PropertyKey[] }[], fields: readonly F[]): F | undefined {
  return issues.map((issue) => issue.path[0]).find((head): head is F => (fields as readonly PropertyKey[]).includes(head as PropertyKey));
}

/**
 * The checks of the add dialog, in the order of its fields: the numbers in E.164, the range (the same length, in
 * order, at most NUMBER_RANGE_MAX: the server's service checks that too), then provider and country. The rules of
 * each field are the shared schema's, which the server applies to the same request.
 */
export function checkAddNumbers(values: TAddNumbersValues): TAddNumbersCheck {
  const fail = (field: TAddNumbersField, problem: TAddNumbersProblem, params?: Record<string, number>): TAddNumbersCheck => ({
    ok: false,
    field,
    problem,
    ...(params ? { params } : {}),
  });
  const parsed = ZAddNumbersRequest.safeParse({
    from: values.from,
    to: values.mode === 'range' ? values.to : null,
    numberType: values.numberType,
    provider: values.provider,
    countryCode: values.countryCode,
  });
  const issues = parsed.success ? [] : parsed.error.issues;
  const numberField = issueField(issues, ['from', 'to'] as const);
  if (numberField) return fail(numberField, 'invalidNumber');
  if (values.mode === 'range') {
    const size = rangeSize(values.from, values.to);
    if (size === null) return fail('to', 'invalidRange');
    if (size > NUMBER_RANGE_MAX) return fail('to', 'rangeTooLarge', { max: NUMBER_RANGE_MAX, count: size });
  }
  if (!parsed.success) {
    const field = issueField(issues, ['provider', 'countryCode'] as const) ?? 'provider';
    return fail(field, NUMBER_FIELD_PROBLEMS[field]);
  }
  const { from, to, numberType, provider, countryCode } = parsed.data;
  return {
    ok: true,
    // Left without a country, each number gets the country it belongs to (the server works it out).
    request: { from, to: to ?? null, numberType, provider, ...(countryCode ? { countryCode } : {}) },
  };
}
