import type { AddressInfo } from 'node:net';
import {
  DEFAULT_SYSTEM_SETTINGS,
  ZActiveAnnouncements,
  ZAdminAnnouncement,
  ZAdminAnnouncementList,
  ZAnnouncementRecipients,
  ZPlatformInfo,
  type TCreateAnnouncementRequest,
  type TSystemSettingsValues,
} from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { fanOutAnnouncement } from '../../src/announcements/fan-out-announcement';
import { announcements } from '../../src/announcements/schema';
import { plans } from '../../src/plans/schema';
import { adminSession, callApi, errorOf, jobDepsOf, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';

// E-mail leaves through a real SMTP server on loopback, and is read back as a mail client reads it (its From header).
const mails: ParsedMail[] = [];
const relay = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => mails.push(mail))
      .then(() => callback(), callback);
  },
});
let t: TestApp;
let admin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.server.address() as AddressInfo;
  t = await openTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Faxline <no-reply@faxline.test>' } });
  admin = (await adminSession(t)).cookie;
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => relay.close(resolve));
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string | undefined, payload?: object, language = 'en') =>
  callApi(t.app, method, url, { cookie, payload, language, remoteAddress: someClientAddress() });
const saveSettings = (values: Partial<TSystemSettingsValues>, language = 'en') =>
  call('PUT', '/api/admin/settings', admin, { values: { ...DEFAULT_SYSTEM_SETTINGS, ...values }, secrets: {} }, language);
const mailsTo = (address: string) =>
  mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value[0]?.address === address.toLowerCase());
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line;

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
const announcement = (overrides: Partial<TCreateAnnouncementRequest> = {}): TCreateAnnouncementRequest => ({
  kind: 'maintenance',
  planId: null,
  texts: {
    en: { title: 'Maintenance on Sunday', body: 'Sending pauses from 02:00 to 03:00 UTC.\n\nReceiving goes on.' },
    es: { title: 'Mantenimiento el domingo', body: 'El envío se pausa de 02:00 a 03:00 UTC.' },
    fr: { title: '', body: '' },
  },
  endsAt: inAWeek(),
  ...overrides,
});

/** The announcement listed everyone and every e-mail it queued was handed over, none failed. */
async function settled(id: string) {
  const pending = async () =>
    (
      await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name IN ('announcements.fan-out', 'email.send') AND state::text IN ('created', 'retry', 'active')`)
    ).rows[0]!.n;
  const listed = async () => (await t.db.select({ at: announcements.listedAt }).from(announcements).where(eq(announcements.id, id)))[0]?.at;
  await expect.poll(listed, { timeout: 20_000, interval: 100 }).not.toBeNull();
  await expect.poll(pending, { timeout: 20_000, interval: 100 }).toBe(0);
  const failed = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('announcements.fan-out', 'email.send') AND state::text = 'failed'`,
  );
  expect(failed.rows[0]!.n).toBe(0);
}

async function send(request: TCreateAnnouncementRequest) {
  const response = await call('POST', '/api/admin/announcements', admin, request);
  expect(response.statusCode, response.body).toBe(201);
  const sent = ZAdminAnnouncement.parse(response.json());
  await settled(sent.id);
  return sent;
}

describe("the site's own settings (issue 39, item 7, and the contact details of item 4)", () => {
  it('are published to every page, refused with a translated 400 when bad, and only a platform admin changes them', async () => {
    const saved = await saveSettings({
      faviconUrl: '/brand/icon.png',
      adminLogoUrl: 'https://cdn.example.com/brand/logo.svg',
      contactPhone: '+1 604 555 0100',
      contactEmail: 'help@faxline.test',
      contactAddress: 'Faxline Ltd\n10 Harbour Street\nVancouver BC V6B 1A1\nCanada',
      supportHours: 'Monday to Friday, 9:00 to 17:00 Pacific time',
      supportHoursEs: 'De lunes a viernes, de 9:00 a 17:00, hora del Pacífico',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const info = ZPlatformInfo.parse((await call('GET', '/api/platform', undefined)).json());
    expect(info).toMatchObject({
      faviconUrl: '/brand/icon.png',
      adminLogoUrl: 'https://cdn.example.com/brand/logo.svg',
      contact: {
        phone: '+1 604 555 0100',
        email: 'help@faxline.test',
        salesEmail: '',
        hours: 'Monday to Friday, 9:00 to 17:00 Pacific time',
        // Every language's text is published, the French one empty: the browser shows that reader the English one.
        hoursEs: 'De lunes a viernes, de 9:00 a 17:00, hora del Pacífico',
        hoursFr: '',
      },
    });

    for (const bad of [
      { faviconUrl: 'http://cdn.example.com/icon.png' },
      { faviconUrl: 'javascript:alert(1)//x.png' },
      { faviconUrl: '//evil.example/icon.png' },
      { adminLogoUrl: 'https://cdn.example.com/page.html' },
      { adminLogoUrl: 'data:image/png;base64,AAAA' },
      { contactPhone: '555 0100' },
      { defaultEmail: 'not an address' },
      { supportHoursFr: 'x'.repeat(501) },
    ]) {
      const refused = await saveSettings(bad as Partial<TSystemSettingsValues>);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(errorOf(await saveSettings({ faviconUrl: 'http://x.example/a.png' }, 'fr')).message).toContain(
      'Saisissez l’adresse d’une image',
    );
    expect(errorOf(await saveSettings({ contactPhone: '12' }, 'es')).message).toContain('Introduzca un número de teléfono');
    expect(ZPlatformInfo.parse((await call('GET', '/api/platform', undefined)).json()).faviconUrl).toBe('/brand/icon.png');

    const customer = await createAccount(t);
    const cookie = await signIn(t.app, customer.owner.email);
    const asCustomer = await call('PUT', '/api/admin/settings', cookie, { values: DEFAULT_SYSTEM_SETTINGS, secrets: {} });
    expect(asCustomer.statusCode).toBe(403);
    expect((await call('POST', '/api/admin/announcements', cookie, announcement())).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/announcements', undefined)).statusCode).toBe(401);
  });
});

describe('announcements (issue 39, item 8)', () => {
  it("e-mail exactly one plan's customers once each, follow preferences for maintenance but not for terms, and keep the record", async () => {
    // Every e-mail leaves from the back office's sender, under the site's name.
    expect((await saveSettings({ siteName: 'Faxline West', defaultEmail: 'notices@faxline.test' })).statusCode).toBe(200);
    const [business] = await t.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'business'));
    const first = await createAccount(t, { plan: { slug: 'business' }, members: [{ role: 'user', language: 'es' }] });
    const second = await createAccount(t, { plan: { slug: 'business' }, owner: { language: 'fr' } });
    const elsewhere = await createAccount(t, { plan: { slug: 'basic' } });
    const [declining] = first.members;
    const declinerCookie = await signIn(t.app, declining!.email);
    const preferences = await call('PUT', '/api/settings', declinerCookie, {
      faxReceived: true,
      faxSentConfirmation: true,
      promotionalOffers: false,
      serviceNotices: false,
      defaultFaxQuality: 'standard',
    });
    expect(preferences.statusCode, preferences.body).toBe(200);

    const maintenance = await send(announcement({ planId: business!.id }));
    expect(mailsTo(first.owner.email)).toHaveLength(1);
    expect(mailsTo(second.owner.email)).toHaveLength(1);
    expect(mailsTo(declining!.email)).toEqual([]);
    expect(mailsTo(elsewhere.owner.email)).toEqual([]);
    const toFirst = mailsTo(first.owner.email)[0]!;
    expect(toFirst.subject).toBe('Planned maintenance: Maintenance on Sunday');
    expect(toFirst.text).toContain('Receiving goes on.');
    expect(header(toFirst, 'from')).toBe('From: Faxline West <notices@faxline.test>');
    expect(header(toFirst, 'list-unsubscribe')).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    // No French words were written: the French reader gets the English notice.
    expect(mailsTo(second.owner.email)[0]!.subject).toBe('Planned maintenance: Maintenance on Sunday');

    // A fan-out run again (its worker died after listing) sends nobody a second copy.
    await t.db.update(announcements).set({ listedAt: null }).where(eq(announcements.id, maintenance.id));
    await fanOutAnnouncement(jobDepsOf(t), maintenance.id);
    await settled(maintenance.id);
    expect(mailsTo(first.owner.email)).toHaveLength(1);

    const record = async (id: string) =>
      ZAnnouncementRecipients.parse((await call('GET', `/api/admin/announcements/${id}/recipients`, admin)).json());
    const maintenanceRecord = await record(maintenance.id);
    expect(maintenanceRecord.total).toBe(3);
    expect(Object.fromEntries(maintenanceRecord.recipients.map((row) => [row.email, [row.outcome, row.sentLanguage]]))).toEqual({
      [first.owner.email.toLowerCase()]: ['emailed', 'en'],
      [declining!.email.toLowerCase()]: ['declined', 'es'],
      [second.owner.email.toLowerCase()]: ['emailed', 'en'],
    });

    // The maintenance e-mail's one-click link (RFC 8058) turns the service notices off, and only them.
    const link = new URL(/<(.+)>/.exec(header(toFirst, 'list-unsubscribe')!)![1]!);
    const firstCookie = await signIn(t.app, first.owner.email);
    // The page speaks the e-mail's language.
    const asked = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(asked.body).toContain('Stop the e-mails about planned maintenance and service incidents?');
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect((await call('GET', '/api/settings', firstCookie)).json()).toMatchObject({ serviceNotices: false, faxReceived: true });

    // A change to the terms is sent whatever the preferences say, without an unsubscribe link, in Spanish where written.
    const terms = await send(announcement({ kind: 'terms', planId: business!.id }));
    const toDecliner = mailsTo(declining!.email);
    expect(toDecliner.map((mail) => mail.subject)).toEqual(['Cambio en nuestras condiciones: Mantenimiento el domingo']);
    expect(header(toDecliner[0]!, 'list-unsubscribe')).toBeUndefined();
    expect((await record(terms.id)).recipients.map((row) => row.outcome)).toEqual(['emailed', 'emailed', 'emailed']);
    expect(mailsTo(first.owner.email)).toHaveLength(2);
    const listed = ZAdminAnnouncementList.parse((await call('GET', '/api/admin/announcements', admin)).json()).announcements;
    expect(listed.find((row) => row.id === maintenance.id)).toMatchObject({
      recipients: 3,
      counts: { emailed: 2, declined: 1 },
      planName: 'Business',
    });

    // The banner: in the reader's language until dismissed; only for those it reached.
    const banners = async (cookie: string, language: string) =>
      ZActiveAnnouncements.parse((await call('GET', '/api/announcements', cookie, undefined, language)).json()).announcements;
    expect((await banners(declinerCookie, 'es')).map((row) => [row.kind, row.title])).toEqual([
      ['maintenance', 'Mantenimiento el domingo'],
      ['terms', 'Mantenimiento el domingo'],
    ]);
    expect((await call('POST', `/api/announcements/${maintenance.id}/dismiss`, declinerCookie)).statusCode).toBe(200);
    expect((await banners(declinerCookie, 'es')).map((row) => row.kind)).toEqual(['terms']);
    const outsider = await signIn(t.app, elsewhere.owner.email);
    expect(await banners(outsider, 'en')).toEqual([]);
    expect((await call('POST', `/api/announcements/${maintenance.id}/dismiss`, outsider)).statusCode).toBe(404);
    const dismissed = (await record(maintenance.id)).recipients.find((row) => row.email === declining!.email.toLowerCase());
    expect(dismissed?.dismissedAt).not.toBeNull();
  }, 90_000);

  it('refuses a bad announcement with a translated 400, and sends nothing', async () => {
    const before = (await t.db.select({ id: announcements.id }).from(announcements)).length;
    const unknownPlan = await call('POST', '/api/admin/announcements', admin, announcement({ planId: 'no-such-plan' }), 'fr');
    expect(unknownPlan.statusCode).toBe(400);
    expect(errorOf(unknownPlan).message).toContain('Ce forfait n’existe pas');
    const past = await call(
      'POST',
      '/api/admin/announcements',
      admin,
      announcement({ endsAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(past.statusCode).toBe(400);
    const noEnglish = await call(
      'POST',
      '/api/admin/announcements',
      admin,
      announcement({ texts: { en: { title: '', body: '' }, es: { title: 'Hola', body: 'Texto' }, fr: { title: '', body: '' } } }),
      'es',
    );
    expect(noEnglish.statusCode).toBe(400);
    expect(errorOf(noEnglish).message).toContain('Introduzca el título en inglés.');
    const halfFrench = await call(
      'POST',
      '/api/admin/announcements',
      admin,
      announcement({ texts: { ...announcement().texts, fr: { title: 'Maintenance dimanche', body: '' } } }),
    );
    expect(halfFrench.statusCode).toBe(400);
    expect((await t.db.select({ id: announcements.id }).from(announcements)).length).toBe(before);
  });
});
