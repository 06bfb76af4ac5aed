import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { onPlan, signedInMember, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { faxCall } from './support/faxes';
import { overflowOf, phonePageOf, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-inboxes-');

/** The caller: a referring practice whose fax machine announces itself as ST MARY REFERRALS. */
const CALLER = '+12125550142';

type InboxFaxes = { faxes: Array<{ id: string; placement: { assignee: { name: string } | null } }> };

describe('shared inboxes and routing rules (issue 37, decisions 103 and 104)', () => {
  it('a rule written with its dry run files the next call in its inbox with its assignee; a member of another inbox cannot see it', async () => {
    const owner = await newContext(browser);
    const ana = await newContext(browser);
    const luis = await newContext(browser);
    await signedInPerson(owner, 'Clinique des Lilas');
    await onPlan(owner, 'business');
    await signedInMember(owner, ana, 'User', 'Ana Front Desk');
    await signedInMember(owner, luis, 'User', 'Luis Billing');
    const numbers = (await (await owner.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> };
    const clinicNumber = numbers.numbers[0]!.phoneNumber;
    const pdf = await makePdf(1, 'Referral');

    // A first call, before any inbox or rule: the dry run will have it to look at.
    await faxCall({ to: clinicNumber, from: CALLER, ident: 'ST MARY REFERRALS', pdf });

    // The owner makes two inboxes: Referrals for Ana, Billing for Luis, where the number's faxes land.
    const page = await owner.newPage();
    await page.goto('/user/inboxes');
    await visible(page.getByRole('heading', { name: 'Inboxes', level: 1 }));
    for (const [name, person, withNumber] of [
      ['Referrals', 'Ana Front Desk', false],
      ['Billing', 'Luis Billing', true],
    ] as const) {
      await page.getByRole('button', { name: 'New Inbox' }).click();
      const dialog = page.getByRole('dialog', { name: 'New inbox' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('checkbox', { name: new RegExp(`^${person}`) }).check();
      if (withNumber) await dialog.getByRole('checkbox', { name: new RegExp(clinicNumber.slice(-4)) }).check();
      await dialog.getByRole('button', { name: 'Create Inbox' }).click();
      await visible(toast(page, 'Inbox created'));
    }
    // Two toasts stacked: the one behind is dimmed on purpose; the page is checked once they are gone (5 s each).
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'inboxes-desktop-en.png'));

    // A rule, tried on the recent faxes before it is saved: the first call matches by its caller.
    await page.goto('/user/routing-rules');
    await page.getByRole('button', { name: 'New Rule' }).click();
    const editor = page.getByRole('dialog', { name: 'New rule' });
    await editor.getByLabel('Name', { exact: true }).fill('Referrals from St Mary');
    await editor.getByLabel('Look at').selectOption({ label: "Caller's number or prefix" });
    await editor.getByLabel("Callers' numbers or prefixes").fill('+1212');
    await editor.getByLabel('Put in inbox').selectOption({ label: 'Referrals' });
    await editor.getByLabel('Assign to').selectOption({ label: 'Ana Front Desk' });
    await editor.getByRole('button', { name: 'Try on Recent Faxes' }).click();
    await visible(editor.getByText('It would have placed 1 of the last received fax.'));
    await visible(editor.getByRole('table').getByText(`the fax showed: ${CALLER}`, { exact: false }));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'rule-dry-run-desktop-en.png'));
    await editor.getByRole('button', { name: 'Save Rule' }).click();
    await visible(toast(page, 'Rule created'));

    // The next call is filed by the rule: in Referrals, with Ana.
    await faxCall({ to: clinicNumber, from: CALLER, ident: 'ST MARY REFERRALS', pdf });
    const inboxes = (await (await owner.request.get('/api/inboxes')).json()) as { inboxes: Array<{ id: string; name: string }> };
    const referrals = inboxes.inboxes.find((inbox) => inbox.name === 'Referrals')!;
    const inReferrals = async () =>
      ((await (await ana.request.get(`/api/inboxes/faxes?inbox=${referrals.id}`)).json()) as InboxFaxes).faxes;
    await expect.poll(async () => (await inReferrals()).length, { timeout: 60_000 }).toBe(1);
    const [routed] = await inReferrals();
    expect(routed!.placement.assignee?.name).toBe('Ana Front Desk');

    // Luis, of Billing, does not see it: 404 from the API, no Referrals in his menu.
    expect((await luis.request.get(`/api/faxes/${routed!.id}`)).status()).toBe(404);
    expect((await luis.request.get(`/api/inboxes/faxes?inbox=${referrals.id}`)).status()).toBe(404);
    const luisPage = await luis.newPage();
    await luisPage.goto('/user/dashboard');
    await visible(luisPage.getByRole('link', { name: /^Billing/ }));
    await expect.poll(() => luisPage.getByRole('link', { name: /^Referrals/ }).count()).toBe(0);

    // Ana finds it in her inbox, opens it: where it is, the rule that placed it and why, its timeline.
    const anaPage = await ana.newPage();
    await anaPage.goto(`/user/inbox?inbox=${referrals.id}`);
    await visible(anaPage.getByRole('link', { name: 'Referrals, 1 new' }));
    const row = anaPage.getByRole('row', { name: /Ana Front Desk/ });
    await row.getByRole('button', { name: /^Open/ }).click();
    const details = anaPage.getByRole('dialog', { name: 'Fax Details' });
    await visible(details.getByRole('heading', { name: 'Where It Is' }));
    await visible(details.getByText(/Placed by the rule .Referrals from St Mary.:/));
    await visible(details.getByRole('list', { name: 'Timeline' }).getByText(/Placed by the rule/));
    await expectNoAccessibilityViolations(anaPage);
    await wholePageScreenshot(anaPage, path.join(screenshots(), 'inbox-fax-details-desktop-en.png'));

    // On a phone, in Spanish and in French, the inbox and the rules fit the screen.
    for (const [person, language, url] of [
      [ana, 'es', `/user/inbox?inbox=${referrals.id}`],
      [owner, 'fr', '/user/routing-rules'],
    ] as const) {
      const phone = await phonePageOf(browser, person, language);
      await phone.goto(url);
      await visible(phone.getByRole('heading', { level: 1 }));
      expect((await overflowOf(phone)).offenders).toEqual([]);
      await expectNoAccessibilityViolations(phone);
      await wholePageScreenshot(phone, path.join(screenshots(), `${url.includes('rules') ? 'rules' : 'inbox'}-phone-${language}.png`));
      if (language === 'es') {
        // The fax's details, where it is and its timeline, on the phone too.
        await phone
          .getByRole('button', { name: /^Abrir el fax de/ })
          .filter({ visible: true })
          .click();
        const dialog = phone.getByRole('dialog', { name: 'Detalles del fax' });
        await visible(dialog.getByRole('heading', { name: 'Dónde está' }));
        expect((await overflowOf(phone)).offenders).toEqual([]);
        await expectNoAccessibilityViolations(phone);
        await wholePageScreenshot(phone, path.join(screenshots(), 'inbox-fax-details-phone-es.png'));
      }
      await phone.context().close();
    }

    await owner.close();
    await ana.close();
    await luis.close();
  });
});
