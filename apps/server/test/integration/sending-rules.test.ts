import { DEFAULT_SYSTEM_SETTINGS, ZApiError, ZSendFaxResponse, type TSystemSettingsValues } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/accounts/schema';
import { users } from '../../src/auth/schema';
import { faxes } from '../../src/faxes/schema';
import { faxNumbers } from '../../src/numbers/schema';
import { makePdf } from '@test-support/factories/documents';
import { createUser } from '@test-support/factories/accounts';
import { sendFaxRequest } from '../support/faxes';
import { openTestApp, signIn, adminSession, callApi, type TestApp } from '../support/test-app';

/**
 * Who may send what (docs/decisions/025). An unconfirmed address may not send; emergency,
 * premium-rate, short-code and platform-blocked numbers are refused with their message; a new account has a daily limit.
 * Every refusal stores nothing.
 */

let t: TestApp;
let pdf: Uint8Array;
let admin: string;
beforeAll(async () => {
  // No worker: accepted faxes stay queued, which is all these checks need.
  t = await openTestApp({ work: false });
  pdf = await makePdf(1);
  // The back office asks an admin for the password again before any change (step-up).
  admin = (await adminSession(t)).cookie;
}, 120_000);
afterAll(() => t?.close());

async function customer() {
  const person = await createUser(t);
  return { ...person, cookie: await signIn(t.app, person.email) };
}

const saveSettings = async (values: Partial<TSystemSettingsValues>) => {
  const response = await callApi(t.app, 'PUT', '/api/admin/settings', {
    cookie: admin,
    payload: { values: { ...DEFAULT_SYSTEM_SETTINGS, ...values }, secrets: {} },
  });
  expect(response.statusCode).toBe(200);
};

const send = (cookie: string, recipientNumber: string, language = 'en') =>
  sendFaxRequest(t.app, cookie, { recipientNumber, faxQuality: 'fine' }, [{ name: 'letter.pdf', bytes: pdf }], {
    'accept-language': language,
  });
const faxesOf = async (accountId: string) =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from faxes where account_id = ${accountId}`)).rows[0]!.n;

describe('who may send', () => {
  it('refuses an unconfirmed address, in every language, and stores nothing', async () => {
    const person = await customer();
    // Signed in, then the address awaits confirmation again (as after a change of address).
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, person.id));
    const texts = {
      en: 'Confirm your e-mail address before sending faxes: open the link we e-mailed you, or ask for a new one.',
      es: 'Confirme su dirección de correo electrónico antes de enviar faxes: abra el enlace que le enviamos o solicite uno nuevo.',
      fr: 'Confirmez votre adresse e-mail avant d’envoyer des télécopies : ouvrez le lien que nous vous avons envoyé, ou demandez-en un nouveau.',
    };
    for (const [language, text] of Object.entries(texts)) {
      const response = await send(person.cookie, '+12025550143', language);
      expect(response.statusCode).toBe(403);
      expect(ZApiError.parse(response.json()).error).toMatchObject({ type: 'email_not_confirmed', message: text });
    }
    expect(await faxesOf(person.accountId)).toBe(0);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, person.id));
    expect((await send(person.cookie, '+12025550143')).statusCode).toBe(202);
  });
});

describe('texts over their length', () => {
  it('names the text and its limit, in every language, and stores nothing', async () => {
    const person = await customer();
    const withCover = (coverPageMessage: string, language: string) =>
      sendFaxRequest(t.app, person.cookie, { recipientNumber: '+12025550143', faxQuality: 'fine', coverPageMessage }, [], {
        'accept-language': language,
      });
    const overLimit = {
      en: 'The cover message is too long: it can have at most 3000 characters.',
      es: 'El mensaje de portada es demasiado largo: puede tener como máximo 3000 caracteres.',
      fr: 'Le message de couverture est trop long : il peut compter au plus 3000 caractères.',
    };
    for (const [language, text] of Object.entries(overLimit)) {
      const response = await withCover('x'.repeat(6_000), language);
      expect(response.statusCode).toBe(400);
      expect(ZApiError.parse(response.json()).error).toMatchObject({ type: 'invalid_request', message: text });
    }
    // Past the form's field size the request part is cut short: not "not valid JSON", but which texts are too long.
    const huge = await withCover('x'.repeat(100_000), 'en');
    expect(huge.statusCode).toBe(400);
    expect(ZApiError.parse(huge.json()).error.message).toBe(
      'The fax details are too long: the cover message can have at most 3000 characters, the subject 200 and the recipient name 120.',
    );
    const name = await sendFaxRequest(
      t.app,
      person.cookie,
      { recipientNumber: '+12025550143', faxQuality: 'fine', recipientName: 'n'.repeat(121) },
      [{ name: 'letter.pdf', bytes: pdf }],
    );
    expect(ZApiError.parse(name.json()).error.message).toBe('The recipient name is too long: it can have at most 120 characters.');
    expect(await faxesOf(person.accountId)).toBe(0);
  });
});

describe('what may be dialled', () => {
  const refusals: Array<[string, string, Record<'en' | 'es' | 'fr', string>]> = [
    [
      'an emergency number',
      '+1911',
      {
        en: '+1911 is an emergency number: faxes cannot be sent to emergency services. In an emergency, call them.',
        es: '+1911 es un número de emergencia: no se pueden enviar faxes a los servicios de emergencia. En una emergencia, llámelos.',
        fr: '+1911 est un numéro d’urgence : aucune télécopie ne peut être envoyée aux services d’urgence. En cas d’urgence, appelez-les.',
      },
    ],
    [
      'a premium-rate number',
      '+19005550100',
      {
        en: '+19005550100 is a premium-rate or shared-cost number: Faxline does not send faxes to these numbers.',
        es: '+19005550100 es un número de tarificación especial o de coste compartido: Faxline no envía faxes a estos números.',
        fr: '+19005550100 est un numéro surtaxé ou à coût partagé : Faxline n’envoie pas de télécopies vers ces numéros.',
      },
    ],
    [
      'a short code',
      '+4412345',
      {
        en: '+4412345 is a short code or service number, not a complete fax number. Enter the full fax number with its country code.',
        es: '+4412345 es un número corto o de servicio, no un número de fax completo. Introduzca el número de fax completo con su código de país.',
        fr: '+4412345 est un numéro court ou de service, pas un numéro de fax complet. Saisissez le numéro de fax complet avec son indicatif de pays.',
      },
    ],
    [
      "a range on the platform's list (the older US premium-rate 976, which the numbering plans do not mark)",
      '+19762345678',
      {
        en: 'Faxes to numbers starting with +1976 are not allowed on this platform (+19762345678).',
        es: 'No se permiten faxes a números que empiezan por +1976 en esta plataforma (+19762345678).',
        fr: 'Les télécopies vers les numéros commençant par +1976 ne sont pas autorisées sur cette plateforme (+19762345678).',
      },
    ],
  ];

  it.each(refusals)('refuses %s with its message, storing nothing', async (_what, number, texts) => {
    const person = await customer();
    for (const [language, text] of Object.entries(texts)) {
      const response = await send(person.cookie, number, language);
      expect(response.statusCode).toBe(400);
      expect(ZApiError.parse(response.json()).error.message).toBe(text);
    }
    expect(await faxesOf(person.accountId)).toBe(0);
  });

  it("takes the platform's list as the back office saves it", async () => {
    const person = await customer();
    expect((await send(person.cookie, '+12025550143')).statusCode).toBe(202);
    await saveSettings({ blockedRecipientPrefixes: '+1976\n+1202' });
    try {
      const refused = await send(person.cookie, '+12025550143');
      expect(refused.statusCode).toBe(400);
      expect(ZApiError.parse(refused.json()).error.message).toBe(
        'Faxes to numbers starting with +1202 are not allowed on this platform (+12025550143).',
      );
    } finally {
      await saveSettings({});
    }
    expect((await send(person.cookie, '+12025550143')).statusCode).toBe(202);
  });

  it('refuses a list that is not prefixes, with its message', async () => {
    const response = await callApi(t.app, 'PUT', '/api/admin/settings', {
      cookie: admin,
      payload: { values: { ...DEFAULT_SYSTEM_SETTINGS, blockedRecipientPrefixes: '+1900\n1-976' }, secrets: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Enter one number prefix per line, each a + followed by digits (for example +1900).');
  });
});

describe('the daily limit of a new account', () => {
  it('lets a new account send its limit in a day, even eight at once, and an established one more', async () => {
    await saveSettings({ newAccountDailyFaxLimit: 3, newAccountDays: 14 });
    try {
      const fresh = await customer();
      const answers = await Promise.all(Array.from({ length: 8 }, () => send(fresh.cookie, '+12025550143')));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 202, 202, 429, 429, 429, 429, 429]);
      const refused = answers.find((a) => a.statusCode === 429)!;
      expect(ZApiError.parse(refused.json()).error.message).toBe(
        "A new account can send 3 faxes a day during its first 14 days, and this account has reached today's limit. Try again tomorrow, or contact support to have the limit lifted.",
      );
      expect(await faxesOf(fresh.accountId)).toBe(3);

      // Past its first 14 days, the same account sends on.
      await t.db
        .update(accounts)
        .set({ createdAt: new Date(Date.now() - 15 * 86_400_000) })
        .where(eq(accounts.id, fresh.accountId));
      expect((await send(fresh.cookie, '+12025550143')).statusCode).toBe(202);
    } finally {
      await saveSettings({});
    }
  }, 60_000);
});

describe("what the account's own settings allow", () => {
  const sendFrom = (cookie: string, recipientNumber: string, fromNumber?: string) =>
    sendFaxRequest(t.app, cookie, { recipientNumber, faxQuality: 'fine', ...(fromNumber ? { fromNumber } : {}) }, [
      { name: 'letter.pdf', bytes: pdf },
    ]);
  const fromNumberOf = async (faxId: string) =>
    (await t.db.select({ fromNumber: faxes.fromNumber }).from(faxes).where(eq(faxes.id, faxId)))[0]!.fromNumber;

  it('refuses a recipient on its blocklist, and sends from its own numbers only (its first by default)', async () => {
    const person = await customer();
    const blocked = await callApi(t.app, 'POST', '/api/blocklist', { cookie: person.cookie, payload: { prefix: '+1888555' } });
    expect(blocked.statusCode).toBe(200);
    const refused = await sendFrom(person.cookie, '+18885550123');
    expect(refused.statusCode).toBe(400);
    expect(ZApiError.parse(refused.json()).error.message).toBe(
      "+18885550123 is on your account's blocklist (+1888555). Remove it from the blocklist in Settings to fax it.",
    );
    expect(await faxesOf(person.accountId)).toBe(0);

    // Its numbers, the older first, and a number of another account's.
    await t.db.delete(faxNumbers).where(eq(faxNumbers.accountId, person.accountId));
    const suffix = String(Date.now()).slice(-4);
    const [first, second, theirs] = [`+1555014${suffix}`, `+1555015${suffix}`, `+1555016${suffix}`];
    const other = await customer();
    await t.db.insert(faxNumbers).values([
      { phoneNumber: second, status: 'assigned', accountId: person.accountId, assignedAt: new Date(Date.now() - 1_000) },
      { phoneNumber: first, status: 'assigned', accountId: person.accountId, assignedAt: new Date(Date.now() - 60_000) },
      { phoneNumber: theirs, status: 'assigned', accountId: other.accountId, assignedAt: new Date(Date.now() - 120_000) },
    ]);
    const notYours = await sendFrom(person.cookie, '+18885560123', theirs);
    expect(notYours.statusCode).toBe(400);
    expect(ZApiError.parse(notYours.json()).error.message).toBe(`The number ${theirs} is not one of your account's fax numbers.`);
    expect(await faxesOf(person.accountId)).toBe(0);

    const byDefault = await sendFrom(person.cookie, '+18885560123');
    expect(byDefault.statusCode).toBe(202);
    expect(await fromNumberOf(ZSendFaxResponse.parse(byDefault.json()).faxId)).toBe(first);
    const chosen = await sendFrom(person.cookie, '+18885560124', second);
    expect(chosen.statusCode).toBe(202);
    expect(await fromNumberOf(ZSendFaxResponse.parse(chosen.json()).faxId)).toBe(second);
  });
});
