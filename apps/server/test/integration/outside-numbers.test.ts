import { randomBytes } from 'node:crypto';
import { SANDBOX_TEST_NUMBERS, ZAdminDashboard, ZPlatformInfo, ZApiError, ZFaxListResponse, ZSendFaxResponse } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyUsage } from '../../src/faxes/quota';
import { makePdf } from '@test-support/factories/documents';
import { createAccount } from '@test-support/factories/accounts';
import { sendFaxRequest } from '../support/faxes';
import { adminSession, openTestApp, signIn, testConfig, type TestApp } from '../support/test-app';

// Nothing pretends. Where the sandbox takes only its test numbers (production's default), a fax to any other
// number outside Faxline is refused when it is sent, and the back office says which lines there are.
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ env: { SANDBOX_LINE: 'test-numbers', FAX_CLOCK_SCALE: '0.001' } });
}, 180_000);
afterAll(() => t.close());

describe('numbers outside Faxline with no line to reach them', () => {
  it('is the default in production only', () => {
    const production = { NODE_ENV: 'production', FILES_MASTER_KEY: randomBytes(32).toString('base64') };
    expect(testConfig(production).sandboxLine).toBe('test-numbers');
    expect(testConfig({ ...production, SANDBOX_LINE: 'every-number' }).sandboxLine).toBe('every-number');
    expect(testConfig({ NODE_ENV: 'development' }).sandboxLine).toBe('every-number');
  });

  it('refuses a fax to an outside number with what the operator must configure, storing and counting nothing', async () => {
    const { owner } = await createAccount(t, { owner: { name: 'Clinic' } });
    const cookie = await signIn(t.app, owner.email);
    const pdf = await makePdf(1);
    const refused = await sendFaxRequest(t.app, cookie, { recipientNumber: '+442079460958', faxQuality: 'fine' }, [
      { name: 'a.pdf', bytes: pdf },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(ZApiError.parse(refused.json()).error.message).toBe(
      'Faxline cannot send to +442079460958 from this server yet: no fax line for numbers outside Faxline is configured. The operator must set up a carrier or a fax modem line; the sandbox test numbers still work.',
    );
    const list = () => t.app.inject({ method: 'GET', url: '/api/faxes', headers: { cookie } });
    expect(ZFaxListResponse.parse((await list()).json()).total).toBe(0);
    expect((await monthlyUsage(t.db, owner.accountId)).used).toBe(0);

    // A test number still goes over the sandbox, which says what it is.
    const accepted = await sendFaxRequest(t.app, cookie, { recipientNumber: SANDBOX_TEST_NUMBERS.busy, faxQuality: 'fine' }, [
      { name: 'a.pdf', bytes: pdf },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(ZSendFaxResponse.parse(accepted.json()).line).toBe('sandbox');
  });

  it('shows the back office which lines there are and what each serves', async () => {
    const { cookie } = await adminSession(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(ZAdminDashboard.parse(response.json()).lines).toEqual([
      { name: 'internal', serves: 'faxline-numbers', health: null },
      { name: 'sandbox', serves: 'test-numbers', health: null },
    ]);
    // The send page reads it from the platform's public facts, to say that outside numbers are refused.
    const platform = ZPlatformInfo.parse((await t.app.inject({ method: 'GET', url: '/api/platform' })).json());
    expect(platform.sandboxLine).toBe('test-numbers');
    expect(platform.outsideLine).toBeNull();
  });

  it('says which outside numbers a real line serves, when one is configured', async () => {
    // No HylaFAX needs to run: the platform's facts come from the configuration alone.
    const withHylafax = await openTestApp({
      env: { SANDBOX_LINE: 'test-numbers', HYLAFAX_HOST: '127.0.0.1', HYLAFAX_NUMBERS: '+44,+33' },
      work: false,
    });
    try {
      const platform = ZPlatformInfo.parse((await withHylafax.app.inject({ method: 'GET', url: '/api/platform' })).json());
      expect(platform.outsideLine).toEqual(['+44', '+33']);
    } finally {
      await withHylafax.close();
    }
  }, 120_000);
});
