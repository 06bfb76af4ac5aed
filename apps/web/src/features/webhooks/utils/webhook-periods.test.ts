import { describe, expect, it } from 'vitest';

import { WEBHOOK_PERIODS } from './webhook-periods';

describe('WEBHOOK_PERIODS', () => {
  it('names the 10 seconds to answer, the five days of failures and the 24 hours a rotated secret keeps signing, as whole numbers', () => {
    expect(WEBHOOK_PERIODS).toEqual({ seconds: 10, days: 5, hours: 24 });
  });
});
