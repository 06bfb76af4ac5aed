import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOpening } from '../../src/account-lifecycle';
import { seedDemoData } from '../../src/seed/demo-data';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('creates a demo admin and a demo customer once, with passwords that work', async () => {
    const deps = { auth: t.auth, db: t.db, lifecycle: accountOpening };
    const credentials = await seedDemoData(deps);
    expect(credentials?.map((c) => c.email)).toEqual(['admin@demo.faxline.localhost', 'customer@demo.faxline.localhost']);
    expect(await seedDemoData(deps)).toBeNull();

    const [admin, customer] = credentials!;
    const cookie = await signIn(t.app, admin!.email, admin!.password);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().session.user.platformRole).toBe('Admin');
    await signIn(t.app, customer!.email, customer!.password);
  });
});
