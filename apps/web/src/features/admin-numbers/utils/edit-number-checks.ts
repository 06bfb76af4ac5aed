import { ZEditNumberRequest, type TEditNumberRequest, type TNumberType } from '@faxline/shared';

import { issueField, NUMBER_FIELD_PROBLEMS } from './add-number-checks';

export type TEditNumberValues = { numberType: TNumberType; provider: string; countryCode: string };
export type TEditNumberField = 'provider' | 'countryCode';
export type TEditNumberProblem = (typeof NUMBER_FIELD_PROBLEMS)[TEditNumberField];
export type TEditNumberCheck =
  { ok: true; changes: TEditNumberRequest } | { ok: false; field: TEditNumberField; problem: TEditNumberProblem };

/**
 * The checks of the edit dialog, through the shared schema the server applies to the same request: a provider name,
 * and a two-letter country or none (sent as null, so that a country can be cleared).
 */
export function checkEditNumber(values: TEditNumberValues): TEditNumberCheck {
  const parsed = ZEditNumberRequest.safeParse(values);
  if (!parsed.success) {
    const field = issueField(parsed.error.issues, ['provider', 'countryCode'] as const) ?? 'provider';
    return { ok: false, field, problem: NUMBER_FIELD_PROBLEMS[field] };
  }
  const { numberType = values.numberType, provider, countryCode } = parsed.data;
  return { ok: true, changes: { numberType, provider, countryCode: countryCode ?? null } };
}
